#!/usr/bin/env bash
# The service as an administrator runs it: a Debian system booted with its own systemd in a
# container (systemd-nspawn, from a debootstrap root kept in .build/systemd-root), the units
# and loomd installed as `make install` does, and then:
#   systemctl enable --now loomd.socket; users in the groups loom and loom-control;
#   each role's verbs; a viewer attached in tmux and a `loom watch` across
#   `systemctl restart loomd`; scene documents declared, reloaded under a viewer, kept; stop.
# Usage: Tests/Service/under-systemd.sh BIN_DIR   (where loomd and loom are built)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(cd "$1" && pwd)
root=$PWD/.build/systemd-root
log=$PWD/.build/systemd-test.log
fail() { echo "under-systemd: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, systemd-nspawn); make test runs it as root"

# The root filesystem, made once: a minimal Debian with systemd, the C libraries loomd links,
# and what the test uses inside (tmux, passwd).
if [ ! -x "$root/lib/systemd/systemd" ]; then
  rm -rf "$root.partial"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,libuv1,libutf8proc2,libsqlite3-0,tmux,passwd,procps \
    bookworm "$root.partial" http://deb.debian.org/debian >"$log" 2>&1 || { tail -20 "$log"; fail "debootstrap"; }
  mv "$root.partial" "$root"
fi
# A fresh state each run: no loom users, units or state from an earlier one.
rm -rf "$root/var/lib/loom" "$root/var/lib/private/loom" "$root/usr/local/etc/loom"
for user in alice bob eve; do chroot "$root" userdel -r "$user" >/dev/null 2>&1 || true; done
make --no-print-directory install-files DESTDIR="$root" PREFIX=/usr/local BUILT="$bin" >/dev/null

machine=loom-test-$$
# Programs that need Swift's libraries (a debug build) see the toolchain's; those `make install`
# builds carry them, and run without it, as on a machine with no Swift.
toolchain=() libraries="linked in, no Swift toolchain inside"
if grep -q /swift/ <<<"$(ldd "$bin/loomd" "$bin/loom")"; then toolchain=(--bind-ro=/opt/swift) libraries="the toolchain's"; fi
systemd-nspawn --register=no --keep-unit --console=pipe "${toolchain[@]}" -M "$machine" -D "$root" --boot >"$log.boot" 2>&1 &
nspawn=$!
cleanup() { kill -TERM "$nspawn" 2>/dev/null || true; wait "$nspawn" 2>/dev/null || true; }
trap cleanup EXIT
# The container's init is nspawn's child, once it has become systemd (before its exec it is a
# copy of nspawn). If the boot does not finish, the failure says the state, the jobs still
# running and the units that failed (a run once timed out here with nothing to say why).
for _ in $(seq 100); do init=$(pgrep -P "$nspawn" -x systemd | head -1 || true); [ -n "$init" ] && break; sleep 0.1; done
[ -n "${init:-}" ] || fail "the container did not start: $(tail -5 "$log.boot")"
inside() { nsenter -t "$init" -m -u -i -n -p -- "$@"; }
as() { local user=$1; shift; inside runuser -u "$user" -- "$@"; }
timeout 60 bash -c "until nsenter -t $init -m -u -i -n -p -- systemctl is-system-running --wait >/dev/null 2>&1 || \
  [ \"\$(nsenter -t $init -m -u -i -n -p -- systemctl is-system-running 2>/dev/null)\" = degraded ]; do sleep 0.5; done" \
  || fail "systemd did not finish booting: state '$(inside systemctl is-system-running 2>&1 || true)'; jobs: $(inside systemctl list-jobs --no-legend 2>&1 | head -5 || true); failed: $(inside systemctl --failed --no-legend 2>&1 | head -5 || true)"

# As the README says: the groups, then the socket.
inside systemctl daemon-reload
inside systemd-sysusers
inside systemctl enable --now loomd.socket >/dev/null 2>&1 || fail "enable --now loomd.socket"
for user in alice bob eve; do inside useradd -m "$user"; done
inside usermod -aG loom alice                   # the README's two lines
inside usermod -aG loom,loom-control bob

# Roles, as each user sees them.
as bob loom set /jobs/build-1 '{"name": "build", "status": "running", "progress": 0.5}' >/dev/null || fail "a controller (loom-control) cannot set"
[ "$(as bob loom get /jobs/build-1/status)" = '"running"' ] || fail "a controller cannot get"
inside systemctl is-active --quiet loomd.service || fail "the first client did not start loomd.service"
as alice loom ping >/dev/null || fail "a viewer (loom) cannot ping"
out=$(as alice loom set /jobs/x '1' 2>&1) && fail "a viewer could set"
grep -q forbidden <<<"$out" || fail "a viewer's set: $out"
out=$(as eve loom ping 2>&1) && fail "a user in no group could connect"
grep -qi "permission denied" <<<"$out" || fail "eve's ping: $out"

# A viewer attached across a restart.
as alice tmux new-session -d -s board -x 100 -y 30 "loom attach dashboard"
screen() { as alice tmux capture-pane -p -t board; }
waitfor() { for _ in $(seq 100); do screen | grep -q "$1" && return 0; sleep 0.1; done; screen >&2; fail "$2"; }
waitfor "build" "the viewer does not show the board"
as bob loom stats | grep -q '"user":"alice","role":"viewer","size":"100x30","view_state":"shared"' \
  || fail "stats do not list alice as a viewer: $(as bob loom stats | grep viewers)"
# A script watching across the same restart (from revision 0: whether the watch or the first
# set comes first, the banner is printed once before the restart).
as bob tmux new-session -d -s watch "loom watch --since 0 /banner >/home/bob/watch.out 2>/home/bob/watch.err"
as bob loom set /banner '"before the restart"' >/dev/null || fail "set before restart"
watched() { inside cat /home/bob/watch.out 2>/dev/null; }
for _ in $(seq 100); do watched | grep -q "before the restart" && break; sleep 0.1; done
watched | grep -q "before the restart" || fail "loom watch did not print the banner: $(watched)"
inside systemctl restart loomd.service
as bob loom set /banner '"after the restart"' >/dev/null || fail "set after restart"
waitfor "after the restart" "the viewer did not come back after systemctl restart"
screen | grep -q "reconnecting" && fail "the reconnecting line stayed"
for _ in $(seq 100); do watched | grep -q "after the restart" && break; sleep 0.1; done
[ "$(watched | grep -c '"path":"/banner"')" = 2 ] && watched | tail -1 | grep -q "after the restart" \
  || fail "loom watch across the restart printed, instead of each change once: $(watched) $(inside cat /home/bob/watch.err)"
inside grep -q "reconnected" /home/bob/watch.err || fail "loom watch did not say it reconnected: $(inside cat /home/bob/watch.err)"

# Scene documents: one a controller declares through the socket, one the administrator drops in
# the scenes directory; a viewer stays attached while `systemctl reload` changes its scene, and
# the declared one survives a restart.
echo '{"loom": 1, "body": {"Text": "banner: {/banner ?? none}"}}' | as bob loom scene apply board - || fail "a controller cannot apply a scene"
[ "$(as bob loom snapshot board --size 40x1)" = "banner: after the restart" ] || fail "the declared scene: $(as bob loom snapshot board --size 40x1)"
scenes=$root/usr/local/etc/loom/scenes
echo '{"loom": 1, "body": {"Text": "ops, first version"}}' >"$scenes/ops.json"
inside systemctl reload loomd.service || fail "systemctl reload"
for _ in $(seq 100); do as bob loom snapshot ops --size 40x1 2>/dev/null | grep -q "first version" && break; sleep 0.1; done
as bob loom snapshot ops --size 40x1 | grep -q "first version" || fail "reload did not read the new file: $(as bob loom scenes)"
as alice tmux new-session -d -s ops -x 60 -y 5 "loom attach ops"
opsscreen() { as alice tmux capture-pane -p -t ops; }
for _ in $(seq 100); do opsscreen | grep -q "first version" && break; sleep 0.1; done
opsscreen | grep -q "first version" || fail "the viewer does not show ops: $(opsscreen)"
echo '{"loom": 1, "body": {"Text": "ops, second version"}}' >"$scenes/ops.json"
inside systemctl reload loomd.service
for _ in $(seq 100); do opsscreen | grep -q "second version" && break; sleep 0.1; done
opsscreen | grep -q "second version" || fail "the attached viewer was not redrawn after reload: $(opsscreen)"
out=$(echo '{"loom": 1, "body": {"Divider": {}}}' | as bob loom scene apply ops - 2>&1) && fail "the socket replaced a file's scene"
grep -q "edit the file and reload" <<<"$out" || fail "applying over a file's scene: $out"
# The configuration reloads too: alice (group loom) made a controller without a restart.
out=$(as alice loom set /x 1 2>&1) && fail "a viewer could set before the reload"
sed -i 's/"controllers": \["@loom-control"\]/"controllers": ["@loom-control", "@loom"]/' "$root/usr/local/etc/loom/loomd.json"
inside systemctl reload loomd.service
for _ in $(seq 50); do as alice loom set /x 1 >/dev/null 2>&1 && break; sleep 0.1; done
as alice loom set /x 1 >/dev/null 2>&1 || fail "reload did not grant the new role: $(inside cat /usr/local/etc/loom/loomd.json)"
inside systemctl restart loomd.service
as bob loom scene get board | grep -q "banner:" || fail "the declared scene did not survive the restart"
as alice tmux kill-session -t ops

# The exposure of the running unit, as systemd itself scores it.
exposure=$(inside systemd-analyze security loomd.service 2>/dev/null | sed -n 's/.*Overall exposure level for loomd.service: \([0-9.]*\).*/\1/p')
awk -v e="$exposure" 'BEGIN { exit !(e != "" && e <= 2.0) }' || fail "exposure $exposure is over 2.0"

# Stop: the service goes, the viewer waits for it.
inside systemctl stop loomd.socket loomd.service
inside systemctl is-active --quiet loomd.service && fail "loomd.service still active after stop"
waitfor "reconnecting" "the viewer did not say it is reconnecting"
as alice tmux kill-server
as bob tmux kill-server
echo "under-systemd: enable --now, roles by group, restart with a viewer attached, scenes applied and reloaded, stop: ok (exposure $exposure; Swift's libraries: $libraries)"
