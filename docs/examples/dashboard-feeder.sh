#!/usr/bin/env bash
# Keeps the dashboard scene's /jobs, /hosts and /log moving, as an ordinary script would:
# every change is one `loom` command. Run it next to a daemon (LOOM_SOCKET names its socket):
#
#   LOOM_SOCKET=/tmp/loom.sock docs/examples/dashboard-feeder.sh
#
# The data contract is docs/scenes.md. Stop it with Ctrl-C.
set -euo pipefail
LOOM=${LOOM:-loom}
TICK=${TICK:-0.3}

names=(compile "unit tests" "integration tests" lint package "deploy staging" "deploy production" "rebuild index" backup "rotate logs")
hosts=(web-1 web-2 db-1 cache-1)

logged=0
log() {
    # Append a line and keep the last 50: one transaction, so viewers never see 51.
    local line="$(date +%H:%M:%S) $1"
    logged=$((logged + 1))
    if [ "$logged" -gt 50 ]; then
        printf '[{"op":"add","path":"/log/-","value":"%s"},{"op":"remove","path":"/log/0"}]' "$line" | $LOOM patch - >/dev/null
    else
        printf '[{"op":"add","path":"/log/-","value":"%s"}]' "$line" | $LOOM patch - >/dev/null
    fi
}

$LOOM set /jobs '{}' >/dev/null
$LOOM set /log '[]' >/dev/null
$LOOM set /hosts "{$(for h in "${hosts[@]}"; do printf '"%s": {"up": true, "load": 0.1},' "$h"; done | sed 's/,$//')}" >/dev/null
log "feeder started"

next=1
declare -A progress=()   # running job id -> percent
queued=()
while true; do
    # Now and then a new job is queued.
    if [ $((RANDOM % 3)) -eq 0 ] || [ ${#progress[@]} -eq 0 -a ${#queued[@]} -eq 0 ]; then
        id="job-$next"; next=$((next + 1))
        name=${names[$((RANDOM % ${#names[@]}))]}
        $LOOM set "/jobs/$id" "{\"name\": \"$name\", \"status\": \"queued\"}" >/dev/null
        queued+=("$id")
        log "$id queued: $name"
    fi
    # Up to three jobs run at once.
    if [ ${#queued[@]} -gt 0 ] && [ ${#progress[@]} -lt 3 ]; then
        id=${queued[0]}; queued=("${queued[@]:1}")
        progress[$id]=0
        $LOOM merge "/jobs/$id" '{"status": "running", "progress": 0}' >/dev/null
        log "$id running"
    fi
    # Running jobs make progress; finished ones succeed (mostly) or fail.
    for id in "${!progress[@]}"; do
        p=$(( ${progress[$id]} + 5 + RANDOM % 15 ))
        if [ $p -ge 100 ]; then
            unset "progress[$id]"
            status=$([ $((RANDOM % 5)) -eq 0 ] && echo failed || echo ok)
            $LOOM merge "/jobs/$id" "{\"status\": \"$status\", \"progress\": 1}" >/dev/null
            log "$id $status"
        else
            progress[$id]=$p
            $LOOM merge "/jobs/$id" "{\"progress\": $(printf '0.%02d' $p)}" >/dev/null
        fi
    done
    # Keep the board to the 12 most recent jobs: the oldest finished ones go.
    members=$($LOOM get /jobs | grep -o '"job-[0-9]*":' | tr -d '":')
    if [ "$(echo "$members" | wc -l)" -gt 12 ]; then
        for old in $members; do
            if [ -z "${progress[$old]+x}" ] && [[ ! " ${queued[*]} " =~ " $old " ]]; then
                $LOOM merge /jobs "{\"$old\": null}" >/dev/null
                break
            fi
        done
    fi
    # A host's load changes; now and then one goes down or comes back.
    host=${hosts[$((RANDOM % ${#hosts[@]}))]}
    if [ $((RANDOM % 25)) -eq 0 ]; then
        $LOOM merge "/hosts/$host" '{"up": false}' >/dev/null
        log "$host down"
    else
        $LOOM merge "/hosts/$host" "{\"up\": true, \"load\": $((RANDOM % 3)).$((RANDOM % 10))$((RANDOM % 10))}" >/dev/null
    fi
    sleep "$TICK"
done
