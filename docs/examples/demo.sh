#!/usr/bin/env bash
# `make demo`: a daemon on a temporary socket, the feeder keeping the dashboard moving, and a
# viewer attached to it. Detaching (Ctrl-]) or quitting (Ctrl-C) stops the feeder and the daemon.
set -euo pipefail
bin=${1:?usage: demo.sh BIN_DIRECTORY}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
export LOOM_SOCKET="$dir/loom.sock" LOOM="$bin/loom"
export PATH="$bin:$PATH"

"$bin/loomd" --ephemeral --socket "$LOOM_SOCKET" --log-level warning 2>"$dir/loomd.log" &
daemon=$!
feeder=""
# The feeder leads a process group of its own (setsid), so stopping it stops with it every
# command and subshell it has running: killing the script alone would leave those behind.
stop() {
    if [ -n "$feeder" ]; then
        kill -TERM -- "-$feeder" 2>/dev/null || true
        wait "$feeder" 2>/dev/null || true
        for _ in $(seq 100); do kill -0 -- "-$feeder" 2>/dev/null || break; sleep 0.02; done
    fi
    kill -TERM "$daemon" 2>/dev/null && wait "$daemon" 2>/dev/null || true
    rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM HUP
# Ready when it answers (its socket file exists a moment before it listens).
for _ in $(seq 100); do loom ping >/dev/null 2>&1 && break; sleep 0.05; done
loom ping >/dev/null || { echo "loomd did not start:"; cat "$dir/loomd.log"; exit 1; }

setsid "$here/dashboard-feeder.sh" >"$dir/feeder.log" 2>&1 &
feeder=$!
second="LOOM_SOCKET=$LOOM_SOCKET $bin/loom attach --highlight-updates dashboard"
# The command for a second viewer stays on the board (under the log) while the demo runs.
loom set /banner "$(printf '"another terminal: %s"' "$second")" >/dev/null
echo "loomd is on $LOOM_SOCKET. Attaching to the dashboard: arrows and Enter to open a job,"
echo "Escape to go back, Ctrl-] to detach. Meanwhile, in another terminal (also shown on the board):"
echo "  $second"
sleep 1
loom attach dashboard || true
echo "stopping the feeder and the daemon"
