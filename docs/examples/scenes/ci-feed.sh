#!/usr/bin/env bash
# Feeds docs/examples/scenes/ci.json: three pipelines, then (without --once) a pipeline's stages
# advancing every second. Uses only loom: LOOM_SOCKET names the daemon.
set -euo pipefail
loom set /pipelines '{
  "api":  {"branch": "main", "status": "running", "stages": [{"name": "build", "status": "ok", "seconds": 42}, {"name": "test", "status": "running"}, {"name": "deploy", "status": "queued"}]},
  "web":  {"branch": "fix/login", "status": "failed", "stages": [{"name": "build", "status": "ok", "seconds": 65}, {"name": "test", "status": "failed", "seconds": 118}]},
  "docs": {"branch": "main", "status": "ok", "stages": [{"name": "build", "status": "ok", "seconds": 9}, {"name": "publish", "status": "ok", "seconds": 3}]}
}' >/dev/null
[ "${1:-}" = --once ] && exit 0
elapsed=0
while sleep 1; do
  elapsed=$((elapsed + 1))
  loom merge /pipelines/api/stages/1 "{\"seconds\": $elapsed}" >/dev/null
  if [ "$elapsed" -ge 30 ]; then
    loom patch >/dev/null <<JSON
[{"op": "replace", "path": "/pipelines/api/stages/1/status", "value": "ok"},
 {"op": "replace", "path": "/pipelines/api/stages/2", "value": {"name": "deploy", "status": "running"}}]
JSON
    elapsed=0
  fi
done
