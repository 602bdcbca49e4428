"""The app tmux forwards in `loom-bench peers`: a list of N rows drawn once, then one row's flag
toggled UPDATES times, every INTERVAL seconds, by writing that row alone (a cursor move and the
row): the least an application can send, so what is measured is tmux's forwarding. It writes
"ready" to MARKER before the first toggle and "done" after the last.

usage: python3 minimal_rows.py N UPDATES INTERVAL MARKER
"""
import os
import sys
import time

ROWS, UPDATES, INTERVAL, MARKER = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
height = os.get_terminal_size().lines
out = sys.stdout
out.write("\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J")
out.write("\r\n".join(f"row {i}  item {i}  off" for i in range(min(ROWS, height))))
out.flush()
time.sleep(1)
flags = [False] * 10
with open(MARKER, "w") as marker:
    marker.write("ready")
for count in range(UPDATES):
    time.sleep(INTERVAL)
    index = count % 10
    flags[index] = not flags[index]
    out.write(f"\x1b[{index + 1};1Hrow {index}  item {index}  {'on' if flags[index] else 'off'}\x1b[K")
    out.flush()
time.sleep(INTERVAL)
with open(MARKER, "w") as marker:
    marker.write("done")
time.sleep(1)
