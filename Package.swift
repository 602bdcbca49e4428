// swift-tools-version: 6.0
import PackageDescription

/// Release builds of Loom's modules skip Swift's run-time exclusivity checks: they were 13% of
/// the instructions of a frame (docs/BENCHMARKS.md, "exclusivity"). Debug builds, which the
/// test suite runs, keep them, so an overlapping access still fails a test. The cost: a package
/// with unsafe flags cannot be another package's dependency; Loom is extended in this repository.
let releaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Loom",
    products: [
        .library(name: "LoomCells", targets: ["LoomCells"]),
        .library(name: "LoomGraph", targets: ["LoomGraph"]),
        .library(name: "LoomLayout", targets: ["LoomLayout"]),
        .library(name: "LoomLoop", targets: ["LoomLoop"]),
        .library(name: "LoomWire", targets: ["LoomWire"]),
        .library(name: "LoomDaemon", targets: ["LoomDaemon"]),
        .library(name: "LoomStore", targets: ["LoomStore"]),
        .executable(name: "loomd", targets: ["loomd"]),
        .executable(name: "loom", targets: ["loom"]),
        .executable(name: "loom-bench", targets: ["LoomBench"]),
        .executable(name: "loom-fuzz", targets: ["LoomFuzz"]),
    ],
    targets: [
        // System libraries from Debian's -dev packages (see DESIGN.md, "Architecture").
        .systemLibrary(name: "CLibUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        .systemLibrary(name: "CUTF8Proc", providers: [.apt(["libutf8proc-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // The picture a viewer is sent: cells and their grid, grid operations, styles, colours.
        // Knows nothing of views, sockets or the store: the daemon's renderer draws into it and
        // a viewer applies it.
        .target(name: "LoomCells", swiftSettings: releaseSettings),

        // The view graph: views, dynamic properties, identity, invalidation, the evaluation pass.
        .target(name: "LoomGraph", dependencies: ["LoomCells"], swiftSettings: releaseSettings),

        // Layout, text (utf8proc clusters, wrapping), drawing into a cell grid, grid diffs: from
        // the graph's primitives to the operations a viewer applies. Knows nothing of sockets or the store.
        .target(name: "LoomLayout", dependencies: ["LoomGraph", "LoomCells", "CUTF8Proc"], swiftSettings: releaseSettings),

        // The wire protocol of Protocol/: messages, the JSON-lines and binary encodings, framing, limits.
        .target(name: "LoomWire", dependencies: ["LoomStore", "LoomCells"], swiftSettings: releaseSettings),

        // A small Swift face over libuv: loop, Unix-socket server and streams, timers, signals, wake-ups.
        .target(name: "LoomLoop", dependencies: ["CLibUV"], swiftSettings: releaseSettings),

        // The daemon: scenes, connections, roles, viewers, frame pacing, flow control, stats, trace.
        .target(name: "LoomDaemon", dependencies: ["LoomLoop", "LoomWire", "LoomStore", "LoomLayout", "LoomGraph"], swiftSettings: releaseSettings),

        // The document store: JSON, JSON Pointer/Patch/Merge Patch, revisions, fine-grained
        // dependencies through LoomGraph's seam, SQLite persistence.
        .target(name: "LoomStore", dependencies: ["LoomGraph", "CSQLite"], swiftSettings: releaseSettings),

        // A child process for the store's crash test: applies transactions and reports each
        // acknowledgement until it is killed.
        .executableTarget(name: "LoomStoreCrashChild", dependencies: ["LoomStore"]),

        // The fuzz targets (the protocol decoders, layout, the daemon's request handling): a libFuzzer entry point, or a replayer of inputs (docs/fuzzing.md).
        .executableTarget(name: "LoomFuzz", dependencies: ["LoomWire", "LoomStore", "LoomGraph", "LoomLayout", "LoomDaemon", "LoomScenes", "LoomTestSupport"]),

        // The viewer side: termios raw mode, the alternate screen, ANSI output, input decoding,
        // a local screen the daemon's frames are applied to. Knows nothing of the view graph.
        .target(name: "LoomTerminal", dependencies: ["LoomWire", "LoomCells"], swiftSettings: releaseSettings),

        // The `loom` tool: verbs, their one small argument parser, a blocking protocol client, the viewer.
        .target(name: "LoomClient", dependencies: ["LoomWire", "LoomStore", "LoomTerminal"], swiftSettings: releaseSettings),
        .executableTarget(name: "loom", dependencies: ["LoomClient"]),

        // The scenes loomd serves out of the box: the dashboard and one per seed scenario.
        .target(name: "LoomScenes", dependencies: ["LoomGraph", "LoomStore"], swiftSettings: releaseSettings),

        // loomd: argument parsing and wiring only.
        .executableTarget(name: "loomd", dependencies: ["LoomDaemon", "LoomLoop", "LoomScenes"]),

        // README's "Writing your own scene", compiled with everything else so it stays true.
        .executableTarget(name: "loom-example-counter", dependencies: ["LoomDaemon", "LoomGraph", "LoomStore"], path: "docs/examples/counter"),

        .executableTarget(name: "LoomBench", dependencies: ["LoomGraph", "LoomLayout", "LoomStore", "LoomWire", "LoomDaemon", "LoomClient", "LoomTerminal", "LoomTestSupport"],
                          exclude: ["Peers"]),

        .testTarget(name: "LoomClientTests", dependencies: ["LoomClient"]),
        .testTarget(name: "LoomScenesTests", dependencies: ["LoomScenes", "LoomLayout", "LoomGraph", "LoomStore"]),
        .testTarget(name: "LoomTerminalTests", dependencies: ["LoomTerminal", "LoomWire", "LoomLayout", "LoomTestSupport"]),
        // What more than one test target uses: a seeded generator and random cell grids.
        .target(name: "LoomTestSupport", dependencies: ["LoomLayout", "LoomGraph", "LoomStore"], path: "Tests/LoomTestSupport"),
        .testTarget(name: "LoomGraphTests", dependencies: ["LoomGraph", "LoomScenes"]),
        .testTarget(name: "LoomLoopTests", dependencies: ["LoomLoop"]),
        .testTarget(name: "LoomDaemonTests", dependencies: ["LoomDaemon", "LoomWire", "LoomStore", "LoomLayout", "LoomGraph", "LoomScenes", "loomd", "loom", "LoomBench", "LoomTestSupport"]),
        .testTarget(name: "LoomWireTests", dependencies: ["LoomWire", "LoomStore", "LoomLayout"]),
        .testTarget(name: "LoomLayoutTests", dependencies: ["LoomLayout", "LoomGraph", "LoomTestSupport"]),
        .testTarget(name: "LoomStoreTests", dependencies: ["LoomStore", "LoomGraph", "LoomStoreCrashChild", "LoomTestSupport"]),
        .testTarget(name: "SystemLibrariesTests", dependencies: ["CLibUV", "CUTF8Proc", "CSQLite"]),
    ]
)
