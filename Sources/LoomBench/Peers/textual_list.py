"""Textual's side of `loom-bench peers`: a list of N rows (a DataTable, Textual's virtualised
list, its best for many rows) in which one row's flag is toggled UPDATES times, every INTERVAL
seconds. It writes "ready" to MARKER before the first toggle and "done" after the last, so the
harness measures the updates alone (not start-up).

usage: python textual_list.py N UPDATES INTERVAL MARKER
"""
import sys

from textual.app import App, ComposeResult
from textual.widgets import DataTable

ROWS, UPDATES, INTERVAL, MARKER = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]


class ListBench(App):
    def compose(self) -> ComposeResult:
        yield DataTable(cursor_type="row")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("row", key="row")
        table.add_column("name", key="name")
        table.add_column("flag", key="flag")
        table.add_rows([(f"row {i}", f"item {i}", "off") for i in range(ROWS)])
        self.keys = [row.key for row in table.ordered_rows[:10]]
        self.flags = [False] * 10
        self.count = 0
        self.set_timer(1.0, self.start)

    def start(self) -> None:
        with open(MARKER, "w") as marker:
            marker.write("ready")
        self.set_interval(INTERVAL, self.toggle)

    def toggle(self) -> None:
        index = self.count % 10
        self.flags[index] = not self.flags[index]
        self.query_one(DataTable).update_cell(self.keys[index], "flag", "on" if self.flags[index] else "off")
        self.count += 1
        if self.count == UPDATES:
            self.set_timer(INTERVAL, self.finish)

    def finish(self) -> None:
        with open(MARKER, "w") as marker:
            marker.write("done")
        self.exit()


ListBench().run()
