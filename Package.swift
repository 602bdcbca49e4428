// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Loom",
    products: [
        .library(name: "LoomGraph", targets: ["LoomGraph"]),
        .executable(name: "loom-bench", targets: ["LoomBench"]),
    ],
    targets: [
        // System libraries from Debian's -dev packages (see DESIGN.md, "Architecture").
        .systemLibrary(name: "CLibUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        .systemLibrary(name: "CUTF8Proc", providers: [.apt(["libutf8proc-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // The view graph: views, dynamic properties, identity, invalidation, the evaluation pass.
        .target(name: "LoomGraph"),

        .executableTarget(name: "LoomBench", dependencies: ["LoomGraph"]),

        .testTarget(name: "LoomGraphTests", dependencies: ["LoomGraph"]),
        .testTarget(name: "SystemLibrariesTests", dependencies: ["CLibUV", "CUTF8Proc", "CSQLite"]),
    ]
)
