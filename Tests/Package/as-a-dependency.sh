#!/usr/bin/env bash
# Loom as a developer's dependency, from outside the repository:
#   - by a version of a git repository: the checkout committed to a temporary repository and
#     tagged with Loom's version; a consumer package (`.package(url:from:)`) builds in debug
#     and in release, and its daemon — a `LoomApp` with a scene of its own and the built-in
#     ones — serves what a script sets, checked with `loom snapshot`;
#   - by path: the same consumer, with every Swift snippet of README.md a program of its own,
#     built and run; what a snippet says it prints (`// "…"` after a print, or the lines after
#     a `// prints` comment) must be in its output.
# Usage: Tests/Package/as-a-dependency.sh BIN_DIR   (where loom is built)
set -euo pipefail
cd "$(dirname "$0")/../.."
checkout=$PWD
bin=$(cd "$1" && pwd)
work=$checkout/.build/as-a-dependency
fail() { echo "as-a-dependency: FAILED: $*" >&2; exit 1; }
version=$(sed -n 's/.*public static let current = "\([0-9.]*\)".*/\1/p' Sources/LoomWire/Message.swift)
[[ $version =~ ^[0-9]+\.[0-9]+$ ]] && version=$version.0
mkdir -p "$work"

# The checkout as a git repository named Loom, tagged: its files as they are now, committed or
# not, with their times (so the by-path build below stays incremental between runs).
rm -rf "$work/Loom" "$work/cache"
mkdir -p "$work/Loom"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && printf '%s\0' "$file"
done | xargs -0 cp -p --parents -t "$work/Loom"
git -C "$work/Loom" init -q
git -C "$work/Loom" add -A
git -C "$work/Loom" -c user.name=loom -c user.email=loom@localhost commit -qm "the checkout"
git -C "$work/Loom" tag "$version"

# A consumer package in $1 depending on Loom as $2, with the program `board`.
consumer() {
  mkdir -p "$1/Sources/board"
  cat >"$1/Sources/board/Board.swift" <<'EOF'
import Loom

struct Greeting: View {
    @StoreValue("/greeting") var greeting: JSONValue?
    var body: some View { Text("board: \(greeting?.stringValue ?? "none")").bold() }
}

@main
struct Board: LoomApp {
    var scenes: [Scene] {
        Scene("board") { Greeting() }
        BuiltInScenes.all()
    }
}
EOF
  local targets='.executableTarget(name: "board", dependencies: [.product(name: "Loom", package: "Loom")])'
  for snippet in "$1"/Sources/readme*; do
    [ -d "$snippet" ] || continue
    targets="$targets, .executableTarget(name: \"$(basename "$snippet")\", dependencies: [.product(name: \"Loom\", package: \"Loom\")])"
  done
  cat >"$1/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(name: "Board", dependencies: [$2], targets: [$targets])
EOF
}

# Runs a consumer's board daemon on a socket of its own and checks what it serves.
serve() {
  local socket=$work/board.sock shown
  rm -f "$socket"
  "$1" --ephemeral --socket "$socket" --log-level error &
  local pid=$!
  for _ in $(seq 200); do [ -S "$socket" ] && break; sleep 0.05; done
  LOOM_SOCKET=$socket "$bin/loom" set /greeting '"from a script"' >/dev/null || fail "$1: loom set"
  shown=$(LOOM_SOCKET=$socket "$bin/loom" snapshot board --size 30x1)
  LOOM_SOCKET=$socket "$bin/loom" scenes | grep -q "^dashboard  *built-in$" || fail "$1 does not serve the built-in dashboard"
  kill "$pid"; wait "$pid" || true
  [ "$shown" = "board: from a script" ] || fail "$1 showed '$shown'"
}

build() {  # PACKAGE CONFIGURATION
  swift build --package-path "$1" -c "$2" --cache-path "$work/cache" >"$1.$2.log" 2>&1 || { tail -40 "$1.$2.log" >&2; fail "building $1 ($2)"; }
  swift build --package-path "$1" -c "$2" --show-bin-path
}

# By version: a fresh resolution each run (the tag moved).
rm -rf "$work/by-version"
consumer "$work/by-version" ".package(url: \"file://$work/Loom\", from: \"$version\")"
for configuration in debug release; do
  serve "$(build "$work/by-version" "$configuration")/board"
done

# By path, with README.md's snippets.
rm -rf "$work/by-path/Sources" "$work/by-path/Package.swift"
awk -v sources="$work/by-path/Sources" '
  /^```swift/ { n++; file = sources "/readme" n "/main.swift"; system("mkdir -p " sources "/readme" n); inside = 1; next }
  /^```/ { inside = 0; next }
  inside { print > file }' README.md
for snippet in "$work"/by-path/Sources/readme*/main.swift; do
  # A snippet with `@main` is a program type, which cannot be in main.swift.
  grep -q '^@main' "$snippet" && mv "$snippet" "$(dirname "$snippet")/App.swift"
done
consumer "$work/by-path" ".package(path: \"$work/Loom\")"
built=$(build "$work/by-path" debug)
serve "$built/board"
count=0
for snippet in "$work"/by-path/Sources/readme*; do
  name=$(basename "$snippet")
  if [ -e "$snippet/App.swift" ]; then
    "$built/$name" --help >/dev/null || fail "README's $name (a LoomApp) does not run"
  else
    output=$("$built/$name") || fail "README's $name exits with an error: $output"
    # What the snippet says it prints.
    expected=$(awk '
      /print\(.*\/\/ "/ { sub(/.*\/\/ "/, ""); sub(/"[^"]*$/, ""); print; next }
      /^\/\/ prints/ { listing = 1; next }
      listing && /^\/\/ / { sub(/^\/\/ /, ""); print; next }
      { listing = 0 }' "$snippet/main.swift")
    while IFS= read -r line; do
      [ -z "$line" ] || grep -qxF -- "$line" <<<"$output" || fail "README's $name does not print '$line'; it printed: $output"
    done <<<"$expected"
  fi
  count=$((count + 1))
done
echo "as-a-dependency: Loom $version by version (debug, release) and by path; $count README snippets built and run: ok"
