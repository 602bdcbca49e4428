#!/usr/bin/env bash
# Feeds docs/examples/scenes/hosts.json: three hosts as they stood at noon on 2026-12-01 (stale
# now, so gray), then (without --once) every two seconds a new load for web-1 and web-2, their
# history and the time they were seen; db-1 stays silent, as a host whose feeder died.
set -euo pipefail
loom set /hosts '{
  "web-1": {"load": 0.42, "history": [0.30, 0.35, 0.41, 0.38, 0.45, 0.52, 0.48, 0.42], "mem": 1610612736, "seen": 1764590400},
  "web-2": {"load": 0.93, "history": [0.60, 0.72, 0.85, 0.91, 0.95, 0.97, 0.94, 0.93], "mem": 3435973837, "seen": 1764590400},
  "db-1":  {"load": 0.12, "history": [0.10, 0.10, 0.20, 0.15, 0.10, 0.12, 0.11, 0.12], "mem": 8589934592, "seen": 1764590400}
}' >/dev/null
[ "${1:-}" = --once ] && exit 0
while sleep 2; do
  now=$(date +%s)
  for host in web-1 web-2; do
    load=$(awk -v seed="$RANDOM" 'BEGIN { srand(seed); printf "%.2f", rand() }')
    loom patch >/dev/null <<JSON
[{"op": "replace", "path": "/hosts/$host/load", "value": $load},
 {"op": "add", "path": "/hosts/$host/history/-", "value": $load},
 {"op": "remove", "path": "/hosts/$host/history/0"},
 {"op": "replace", "path": "/hosts/$host/seen", "value": $now}]
JSON
  done
done
