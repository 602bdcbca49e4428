// swift-tools-version: 6.0
import PackageDescription

// No unsafe flags here: SwiftPM refuses them in a package depended on by version. The
// exclusivity trade of this repository's own release builds is the Makefile's
// (RELEASE_FLAGS; docs/BENCHMARKS.md, "exclusivity").

let package = Package(
    name: "Loom",
    products: [
        // Everything a developer's views and daemon use, in one import (`import Loom`).
        .library(name: "Loom", targets: ["Loom"]),
        .library(name: "LoomCells", targets: ["LoomCells"]),
        .library(name: "LoomGraph", targets: ["LoomGraph"]),
        .library(name: "LoomLayout", targets: ["LoomLayout"]),
        .library(name: "LoomLoop", targets: ["LoomLoop"]),
        .library(name: "LoomWire", targets: ["LoomWire"]),
        .library(name: "LoomDaemon", targets: ["LoomDaemon"]),
        .library(name: "LoomJSON", targets: ["LoomJSON"]),
        .library(name: "LoomStore", targets: ["LoomStore"]),
        .library(name: "LoomStoreViews", targets: ["LoomStoreViews"]),
        .library(name: "LoomScenes", targets: ["LoomScenes"]),
        .library(name: "LoomSceneDocuments", targets: ["LoomSceneDocuments"]),
        .library(name: "LoomDocumentViews", targets: ["LoomDocumentViews"]),
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
        // glibc's allocator tuning, which the Glibc module does not bring (malloc.h).
        .systemLibrary(name: "CMalloc"),

        // How the lists kept from frame to frame are emptied and taken, keeping their storage
        // (`removeAllKeepingStorage`, `takeAll(keepingStorageIn:)`): below every module that keeps one.
        .target(name: "LoomCollections"),

        // The picture a viewer is sent: cells and their grid, grid operations, styles, colours.
        // Knows nothing of views, sockets or the store: the daemon's renderer draws into it and
        // a viewer applies it.
        .target(name: "LoomCells"),

        // The view graph: views, dynamic properties, identity, invalidation, the evaluation pass.
        .target(name: "LoomGraph", dependencies: ["LoomCells", "LoomCollections"]),

        // Layout, text (utf8proc clusters, wrapping), drawing into a cell grid, grid diffs: from
        // the graph's primitives to the operations a viewer applies. Knows nothing of sockets or the store.
        .target(name: "LoomLayout", dependencies: ["LoomGraph", "LoomCells", "LoomCollections", "CUTF8Proc"]),

        // JSON (RFC 8259) values, their parser and writer and limits, JSON Pointer, JSON Patch and
        // Merge Patch: the document model the store keeps and the wire carries. Depends on nothing.
        .target(name: "LoomJSON"),

        // The command line both programs read: options, flags, positionals, usage errors. Depends on nothing.
        .target(name: "LoomCommandLine"),

        // The wire protocol of Protocol/: messages, the JSON-lines and binary encodings, framing, limits.
        .target(name: "LoomWire", dependencies: ["LoomJSON", "LoomCells"]),

        // A small Swift face over libuv: loop, Unix-socket server and streams, timers, signals, wake-ups.
        .target(name: "LoomLoop", dependencies: ["CLibUV"]),

        // The daemon: scenes, connections, roles, viewers, frame pacing, flow control, stats, trace.
        .target(name: "LoomDaemon", dependencies: ["CMalloc", "LoomLoop", "LoomCommandLine", "LoomWire", "LoomJSON", "LoomStore", "LoomStoreViews", "LoomLayout", "LoomGraph", "LoomCells", "LoomCollections", "LoomSceneDocuments", "LoomDocumentViews"]),

        // The document store: revisions, transactions, watches, fine-grained dependencies
        // through LoomGraph's seam (`DependencySource`), SQLite persistence.
        .target(name: "LoomStore", dependencies: ["LoomJSON", "LoomGraph", "LoomCollections", "CSQLite"]),

        // Views' reads of the store: `@StoreValue`, `@StoreMembers`, `@StoreCounts` and the
        // store in the environment. Above both the graph and the store, so neither knows the other's types.
        .target(name: "LoomStoreViews", dependencies: ["LoomStore", "LoomJSON", "LoomGraph"]),

        // A child process for the store's crash test: applies transactions and reports each
        // acknowledgement until it is killed.
        .executableTarget(name: "LoomStoreCrashChild", dependencies: ["LoomStore", "LoomJSON"]),

        // The fuzz targets (the protocol decoders, layout, the daemon's request handling, scene documents): a libFuzzer entry point, or a replayer of inputs (docs/fuzzing.md).
        .executableTarget(name: "LoomFuzz", dependencies: ["LoomWire", "LoomJSON", "LoomStore", "LoomStoreViews", "LoomGraph", "LoomLayout", "LoomDaemon", "LoomScenes", "LoomTestSupport", "LoomCells", "LoomSceneDocuments", "LoomDocumentViews"]),

        // The viewer side: termios raw mode, the alternate screen, ANSI output, input decoding,
        // a local screen the daemon's frames are applied to. Knows nothing of the view graph.
        .target(name: "LoomTerminal", dependencies: ["LoomWire", "LoomCells"]),

        // The `loom` tool: verbs, their one small argument parser, a blocking protocol client, the viewer.
        .target(name: "LoomClient", dependencies: ["LoomCommandLine", "LoomWire", "LoomCells", "LoomCollections", "LoomJSON", "LoomTerminal", "LoomSceneDocuments"]),
        .executableTarget(name: "loom", dependencies: ["LoomClient"]),

        // Scene documents, as data: decoding (comments allowed), validation whose errors name a
        // JSON Pointer and line in the document, and the compiled node tree. No views: `loom scene
        // validate` checks a document without a daemon, and the viewer's program links no graph.
        .target(name: "LoomSceneDocuments", dependencies: ["LoomJSON", "LoomCells"]),

        // A compiled scene document shown as views: each node a view reading exactly its store paths.
        .target(name: "LoomDocumentViews", dependencies: ["LoomSceneDocuments", "LoomStoreViews", "LoomStore", "LoomGraph", "LoomJSON", "LoomCells"]),

        // The scenes loomd serves out of the box: the dashboard and one per seed scenario.
        .target(name: "LoomScenes", dependencies: ["LoomGraph", "LoomJSON", "LoomStoreViews", "LoomCells"]),

        // A developer's one import: the modules above, re-exported, and `LoomApp`, a daemon of
        // their own in SwiftUI's shape.
        .target(name: "Loom", dependencies: ["LoomDaemon", "LoomGraph", "LoomJSON", "LoomLayout", "LoomScenes", "LoomStore", "LoomStoreViews"]),

        // loomd: the built-in scenes, served by a `LoomApp`.
        .executableTarget(name: "loomd", dependencies: ["Loom"]),

        // README's "Writing your own scene", compiled with everything else so it stays true.
        .executableTarget(name: "loom-example-counter", dependencies: ["Loom"], path: "docs/examples/counter"),
        .executableTarget(name: "loom-example-incidents", dependencies: ["Loom"], path: "docs/examples/incidents"),

        .executableTarget(name: "LoomBench", dependencies: ["LoomGraph", "LoomLayout", "LoomJSON", "LoomStore", "LoomStoreViews", "LoomWire", "LoomDaemon", "LoomClient", "LoomTerminal", "LoomTestSupport", "LoomCells", "LoomSceneDocuments", "LoomDocumentViews"],
                          exclude: ["Peers"]),

        .testTarget(name: "LoomSceneDocumentsTests", dependencies: ["LoomSceneDocuments", "LoomDocumentViews", "LoomLayout", "LoomGraph", "LoomJSON", "LoomStore", "LoomStoreViews", "LoomCells", "LoomTestSupport"]),
        .testTarget(name: "LoomClientTests", dependencies: ["LoomClient", "LoomCommandLine", "LoomWire", "LoomJSON"]),
        .testTarget(name: "LoomScenesTests", dependencies: ["LoomScenes", "LoomLayout", "LoomGraph", "LoomJSON", "LoomStore", "LoomStoreViews", "LoomSceneDocuments", "LoomDocumentViews"]),
        .testTarget(name: "LoomTerminalTests", dependencies: ["LoomTerminal", "LoomWire", "LoomLayout", "LoomTestSupport", "LoomCells", "LoomGraph"]),
        // What more than one test target uses: a seeded generator and random cell grids.
        .target(name: "LoomTestSupport", dependencies: ["LoomLayout", "LoomGraph", "LoomJSON", "LoomCells"], path: "Tests/LoomTestSupport"),
        .testTarget(name: "LoomGraphTests", dependencies: ["LoomGraph", "LoomScenes"]),
        .testTarget(name: "LoomLoopTests", dependencies: ["LoomLoop"]),
        .testTarget(name: "LoomDaemonTests", dependencies: ["LoomDaemon", "LoomCommandLine", "LoomWire", "LoomJSON", "LoomStore", "LoomStoreViews", "LoomLayout", "LoomGraph", "LoomScenes", "loomd", "loom", "loom-example-counter", "loom-example-incidents", "LoomBench", "LoomTestSupport", "LoomCells", "LoomLoop"]),
        .testTarget(name: "LoomWireTests", dependencies: ["LoomWire", "LoomJSON", "LoomLayout", "LoomCells", "LoomGraph", "LoomTestSupport"]),
        .testTarget(name: "LoomLayoutTests", dependencies: ["LoomLayout", "LoomGraph", "LoomTestSupport", "LoomCells", "LoomCollections"]),
        .testTarget(name: "LoomJSONTests", dependencies: ["LoomJSON", "LoomTestSupport"]),
        .testTarget(name: "LoomStoreTests", dependencies: ["LoomStore", "LoomJSON", "LoomStoreViews", "LoomGraph", "LoomLayout", "LoomStoreCrashChild", "LoomTestSupport"]),
        // The layering of the modules: the manifest, the import lines, and what the loom program contains.
        .testTarget(name: "ArchitectureTests", dependencies: ["loom", "LoomTestSupport"]),
        .testTarget(name: "SystemLibrariesTests", dependencies: ["CLibUV", "CUTF8Proc", "CSQLite"]),
    ]
)
