#!/usr/bin/env bash
# Feeds docs/examples/scenes/queues.json: three queues, two dead letters and the settings, then
# (without --once) every second new depths and rates, and now and then a dead letter. While
# /settings/paused is true (the board's toggle), the feeder leaves the queues alone.
set -euo pipefail
loom set /queues '{
  "orders": {"depth": 640, "capacity": 1000, "rate": 12.5},
  "emails": {"depth": 85, "capacity": 1000, "rate": 40.2},
  "audit":  {"depth": 3, "capacity": 1000, "rate": 0.4}
}' >/dev/null
loom set /deadletters '[{"queue": "orders", "reason": "payment declined"}, {"queue": "emails", "reason": "mailbox full"}]' >/dev/null
loom set /settings '{"paused": false, "mode": "safe"}' >/dev/null
[ "${1:-}" = --once ] && exit 0
tick=0
while sleep 1; do
  tick=$((tick + 1))
  [ "$(loom get /settings/paused)" = true ] && continue
  for queue in orders emails audit; do
    depth=$(awk -v seed="$RANDOM" 'BEGIN { srand(seed); printf "%d", rand() * 1000 }')
    loom merge "/queues/$queue" "{\"depth\": $depth}" >/dev/null
  done
  if [ $((tick % 5)) = 0 ]; then
    loom patch >/dev/null <<JSON
[{"op": "add", "path": "/deadletters/-", "value": {"queue": "orders", "reason": "timeout after $tick s"}}]
JSON
  fi
done
