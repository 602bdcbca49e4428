# The two commands a newcomer needs: `make demo` and `make test`; `make bench` prints the figures.
SWIFT ?= swift
DEBIAN_PACKAGES := python3-jsonschema libuv1-dev libutf8proc-dev libsqlite3-dev pkg-config systemd tmux procps openssh-server openssh-client binutils \
  debootstrap systemd-container valgrind gcc

.PHONY: demo test test-installed bench hot-functions deps build fuzz install install-files check-units
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
UNITDIR = $(PREFIX)/lib/systemd/system
SYSUSERSDIR = $(PREFIX)/lib/sysusers.d
# /etc for a system installation (PREFIX=/usr), else under the prefix (/usr/local/etc).
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
DOCDIR = $(PREFIX)/share/doc/loom
FUZZ_RUNS ?= 1500000
# This repository's own release builds skip Swift's run-time exclusivity checks (docs/BENCHMARKS.md,
# "exclusivity") and optimize across modules (generic code of one module specialized for the
# types of another: docs/BENCHMARKS.md, "cross-module optimization"): flags of the build, not of
# Package.swift, where SwiftPM would refuse them in a package depended on by version. Debug
# builds, which the tests run, keep the checks.
RELEASE = -c release -Xswiftc -enforce-exclusivity=unchecked -Xswiftc -cross-module-optimization
# What is installed and measured is also laid out for an update woken from idle (docs/BENCHMARKS.md,
# "Code layout"): Swift's runtime linked in, each function in a section of its own, and lld
# putting first the functions an update runs (release/hot-functions.order; make hot-functions).
SHIPPED = $(RELEASE) --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
  -Xlinker --symbol-ordering-file=$(CURDIR)/release/hot-functions.order -Xlinker --no-warn-symbol-ordering
# Builds the products named in $(1) as SHIPPED (`swift run` takes no --static-swift-stdlib), and
# the directory they are in.
build-shipped = for product in $(1); do $(SWIFT) build $(SHIPPED) --product $$product || exit 1; done
SHIPPED_BIN = $$($(SWIFT) build $(SHIPPED) --show-bin-path)
FUZZ_TARGETS ?= protocol layout daemon scene

## Installs the Debian packages the build and the tests use (only as root, only what is missing).
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing Debian packages:$$missing (run as root, or: sudo apt-get install$$missing)" >&2; exit 1; \
	  fi; \
	fi

## Builds in release mode, starts loomd on a temporary socket with a feeder script, and attaches
## a viewer to the dashboard; detaching (Ctrl-]) stops the feeder and the daemon.
demo: deps
	$(call build-shipped,loomd loom)
	docs/examples/demo.sh "$(SHIPPED_BIN)"

build: deps
	$(SWIFT) build --build-tests

## Builds and runs the whole suite (XCTest, then Swift Testing), then Loom as another package's
## dependency (Tests/Package/as-a-dependency.sh: by version and by path, the README's snippets),
## then the service under a real systemd in a container (Tests/Service/under-systemd.sh, as
## root); fails when any test fails.
test: build
	$(SWIFT) test --skip-build
	Tests/Package/as-a-dependency.sh "$$($(SWIFT) build --show-bin-path)"
	Tests/Service/under-systemd.sh "$$($(SWIFT) build --show-bin-path)"

## The systemd test again, on the programs `make install` builds (Swift's runtime linked in):
## in a container with no Swift toolchain.
test-installed: deps
	$(call build-shipped,loomd loom)
	Tests/Service/under-systemd.sh "$(SHIPPED_BIN)"

## Prints the benchmark figures (a program, not a test); BENCH_ARGS="fanout --json" for one scenario as JSON.
## The memory scenario runs the real loomd, built next to loom-bench.
bench: deps
	$(call build-shipped,loomd loom loom-bench)
	"$(SHIPPED_BIN)/loom-bench" $(BENCH_ARGS)

## Writes release/hot-functions.order anew from callgrind's runs of an update (the daemon's and
## the viewer's functions, most instructions first): when `functions_per_update_laid_out` falls.
hot-functions: deps
	$(call build-shipped,loom loom-bench)
	bin="$(SHIPPED_BIN)" && "$$bin/loom-bench" instructions --hot-functions release/hot-functions.order && \
	  rm -f "$$bin/loomd" "$$bin/loom" "$$bin/loom-bench"  # linked again, in the new order, by the next build

## Fuzzes each of FUZZ_TARGETS (the protocol decoders, layout, the daemon, scene documents) with libFuzzer, FUZZ_RUNS inputs each (docs/fuzzing.md).
fuzz: deps
	$(SWIFT) build $(RELEASE) --product loom-fuzz --build-path .build/fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
	@mkdir -p .build/fuzz-corpus
	@python3 -c 'import json, pathlib; out = pathlib.Path(".build/fuzz-corpus"); \
	[ (out / (v["name"] + ".json")).write_text(json.dumps(v["json"], separators=(",", ":"), ensure_ascii=False) + "\n") \
	  or (out / (v["name"] + ".bin")).write_bytes(bytes(int(x, 16) for x in v["binary"].split())) \
	  for v in (json.loads(f.read_text()) for f in pathlib.Path("Protocol/vectors").glob("*.json")) ]'
	@mkdir -p .build/fuzz-corpus-layout .build/fuzz-corpus-daemon .build/fuzz-corpus-scene
	@cp docs/examples/scenes/*.json .build/fuzz-corpus-scene/
	@python3 -c 'import json, pathlib; out = pathlib.Path(".build/fuzz-corpus-daemon"); \
	[ (out / (v["name"] + "-" + kind + str(role))).write_bytes(bytes([role << 1 | (kind == "b"), len(body)]) + body) \
	  for v in (json.loads(f.read_text()) for f in pathlib.Path("Protocol/vectors").glob("*.json")) \
	  for kind, body in (("j", json.dumps(v["json"], separators=(",", ":"), ensure_ascii=False).encode()), \
	                     ("b", bytes(int(x, 16) for x in v["binary"].split()[1:] if int(v["binary"].split()[0], 16) < 0x80))) \
	  for role in range(3) if len(body) < 256 ]' 
	set -e; for target in $(FUZZ_TARGETS); do \
	  corpus=.build/fuzz-corpus; [ "$$target" = protocol ] || corpus=.build/fuzz-corpus-$$target; \
	  echo "fuzzing $$target"; \
	  LOOM_FUZZ_TARGET=$$target SWIFT_BACKTRACE=enable=no .build/fuzz/release/loom-fuzz -runs=$(FUZZ_RUNS) -max_len=4096 -print_final_stats=1 $$corpus; \
	done

## Installs loomd, loom and loomd's systemd units under $(DESTDIR)$(PREFIX).
install:
	$(call build-shipped,loomd loom)
	$(MAKE) --no-print-directory install-files BUILT="$(SHIPPED_BIN)"

## What install copies, from BUILT (the directory loomd and loom were built in).
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(DOCDIR) $(DESTDIR)$(SYSCONFDIR)/loom $(DESTDIR)$(SYSCONFDIR)/loom/scenes
	install -m 0755 "$(BUILT)/loomd" "$(BUILT)/loom" $(DESTDIR)$(BINDIR)/
	for unit in loomd.socket loomd.service; do \
	  sed -e 's|@bindir@|$(BINDIR)|g' -e 's|@docdir@|$(DOCDIR)|g' -e 's|@sysconfdir@|$(SYSCONFDIR)|g' systemd/$$unit > $(DESTDIR)$(UNITDIR)/$$unit; \
	  chmod 0644 $(DESTDIR)$(UNITDIR)/$$unit; \
	done
	install -m 0644 systemd/loom.conf $(DESTDIR)$(SYSUSERSDIR)/loom.conf
	# An administrator's edits are kept.
	[ -e $(DESTDIR)$(SYSCONFDIR)/loom/loomd.json ] || install -m 0644 systemd/loomd.json $(DESTDIR)$(SYSCONFDIR)/loom/loomd.json
	install -m 0644 README.md $(DESTDIR)$(DOCDIR)/README.md

## Checks the units against an installation in a temporary directory (installed there as the
## prefix, so ExecStart= names a real binary): systemd-analyze verify must print nothing, and
## the service's exposure (systemd-analyze security) must be at most 2.0; and the installed
## programs must need none of Swift's libraries (they are linked in: SHIPPED).
check-units:
	@root=$$(mktemp -d) && trap 'rm -rf "$$root"' EXIT && \
	$(MAKE) --no-print-directory install DESTDIR= PREFIX="$$root/usr" >/dev/null && \
	units="$$root/usr/lib/systemd/system" && \
	errors=$$(systemd-analyze verify "$$units/loomd.socket" "$$units/loomd.service" 2>&1) ; \
	if [ -n "$$errors" ]; then echo "systemd-analyze verify:"; echo "$$errors"; exit 1; fi; \
	exposure=$$(systemd-analyze security --offline=yes "$$units/loomd.service" 2>/dev/null | sed -n 's/.*Overall exposure level for loomd.service: \([0-9.]*\).*/\1/p'); \
	echo "units verified; exposure $$exposure"; \
	if ldd "$$root/usr/bin/loomd" "$$root/usr/bin/loom" | grep -q /swift/; then echo "the installed programs need Swift's libraries:"; ldd "$$root/usr/bin/loomd"; exit 1; fi; \
	awk -v e="$$exposure" 'BEGIN { exit !(e != "" && e <= 2.0) }' || { echo "exposure $$exposure is over 2.0"; exit 1; }
