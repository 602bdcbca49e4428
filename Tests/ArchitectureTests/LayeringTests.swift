import Foundation
import LoomTestSupport
import Testing

/// The modules' layering (docs/architecture.md, "The modules, lowest first"), checked where it could break: the
/// manifest's target graph, each source file's `import` lines, and what the `loom` program
/// contains. A module may use only the modules its row allows; nothing else stops a later edit
/// from making the viewer link the view graph or the store again.
@Suite("The modules keep their layers")
struct LayeringTests {
    /// What each module may depend on. The toolchain's own modules (Swift, Foundation, Glibc,
    /// Dispatch, Synchronization, Observation) are allowed everywhere.
    static let allowed: [String: Set<String>] = [
        "LoomCollections": [],
        "LoomCells": [],
        "LoomJSON": [],
        "LoomCommandLine": [],
        "LoomLoop": ["CLibUV"],
        "LoomGraph": ["LoomCells", "LoomCollections"],
        "LoomLayout": ["LoomGraph", "LoomCells", "LoomCollections", "CUTF8Proc"],
        "LoomStore": ["LoomJSON", "LoomGraph", "LoomCollections", "CSQLite"],
        "LoomStoreViews": ["LoomStore", "LoomJSON", "LoomGraph"],
        "LoomWire": ["LoomJSON", "LoomCells"],
        "LoomTerminal": ["LoomWire", "LoomJSON", "LoomCells"],
        "LoomClient": ["LoomCommandLine", "LoomTerminal", "LoomWire", "LoomJSON", "LoomCells", "LoomCollections", "LoomSceneDocuments"],
        "LoomScenes": ["LoomStoreViews", "LoomGraph", "LoomJSON", "LoomCells"],
        "LoomSceneDocuments": ["LoomJSON", "LoomCells"],
        "LoomDocumentViews": ["LoomSceneDocuments", "LoomStoreViews", "LoomStore", "LoomGraph", "LoomJSON", "LoomCells"],
        "LoomDaemon": ["CMalloc", "LoomLoop", "LoomCommandLine", "LoomWire", "LoomStore", "LoomStoreViews", "LoomLayout", "LoomGraph", "LoomJSON", "LoomCells", "LoomCollections", "LoomSceneDocuments", "LoomDocumentViews"],
        "loom": ["LoomClient"],
        "Loom": ["LoomDaemon", "LoomGraph", "LoomJSON", "LoomLayout", "LoomScenes", "LoomStore", "LoomStoreViews"],
        "loomd": ["Loom"],
    ]

    static let systemModules: Set<String> = ["Swift", "Foundation", "Glibc", "Dispatch", "Synchronization", "Observation"]

    /// What the viewer's program must never contain: the view graph, layout, the store, SQLite.
    static let notInTheViewer: Set<String> = ["LoomGraph", "LoomLayout", "LoomStore", "LoomStoreViews", "LoomDaemon", "CSQLite", "CUTF8Proc"]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Target {
        let name: String
        let path: String
        let dependencies: [String]
    }

    /// The manifest's targets, as SwiftPM reads them (a scratch directory of its own, so the
    /// suite's build is not disturbed); read once for the suite.
    static let targets = Result { () throws(LayeringFailure) in try describe() }

    private static func describe() throws(LayeringFailure) -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("loom-describe-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (status, output) = spawnAndWait("/usr/bin/env", ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "describe", "--type", "json"])
        guard status == 0,
              let description = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
              let targets = description["targets"] as? [[String: Any]] else {
            throw LayeringFailure("swift package describe failed (status \(status))")
        }
        return targets.compactMap { target in
            guard let name = target["name"] as? String, let path = target["path"] as? String else { return nil }
            return Target(name: name, path: path, dependencies: target["target_dependencies"] as? [String] ?? [])
        }
    }

    /// Each target's direct dependencies, by name.
    static func targetGraph() throws -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: try targets.get().map { ($0.name, $0.dependencies) })
    }

    @Test func theManifestGivesEachModuleOnlyTheModulesItsLayerAllows() throws {
        let graph = try Self.targetGraph()
        for (module, allowed) in Self.allowed {
            let dependencies = try #require(graph[module], "\(module) is not a target of the manifest")
            let forbidden = Set(dependencies).subtracting(allowed)
            #expect(forbidden.isEmpty, "\(module) depends on \(forbidden.sorted()), which its layer does not allow")
        }
    }

    @Test func theViewersProgramReachesNeitherTheGraphNorTheStore() throws {
        let graph = try Self.targetGraph()
        var reached: Set<String> = []
        var pending = ["loom"]
        while let module = pending.popLast() {
            for dependency in graph[module] ?? [] where reached.insert(dependency).inserted { pending.append(dependency) }
        }
        #expect(reached.isDisjoint(with: Self.notInTheViewer), "loom reaches \(reached.intersection(Self.notInTheViewer).sorted())")
        #expect(reached.contains("LoomTerminal"), "the walk found the viewer's own modules")
    }

    @Test func eachSourceFileImportsOnlyWhatItsModulesLayerAllows() throws {
        var checked = 0
        for (module, allowed) in Self.allowed {
            for (file, imported) in try Self.imports(of: "Sources/\(module)") {
                checked += 1
                #expect(allowed.contains(imported) || Self.systemModules.contains(imported),
                        "Sources/\(module)/\(file) imports \(imported), which the layer of \(module) does not allow")
            }
        }
        #expect(checked > 100, "the import lines were found")
    }

    /// A module found only through another's dependencies builds today and breaks when that
    /// other module drops it: every target, tests and tools too, declares what it imports.
    @Test func everyTargetDeclaresEachModuleItImports() throws {
        var checked = 0
        for target in try Self.targets.get() {
            let declared = Set(target.dependencies)
            for (file, imported) in try Self.imports(of: target.path) where !Self.systemModules.contains(imported) && !Self.testingModules.contains(imported) {
                checked += 1
                #expect(declared.contains(imported), "\(target.path)/\(file) imports \(imported), which \(target.name) does not declare in Package.swift")
            }
        }
        #expect(checked > 100, "the import lines were found")
    }

    static let testingModules: Set<String> = ["Testing", "XCTest"]

    /// The modules each Swift file under `folder` (relative to the package) imports.
    static func imports(of folder: String) throws -> [(file: String, module: String)] {
        let base = root.appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var found: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }), index + 1 < words.count else { continue }
                found.append((file, String(words[index + 1])))
            }
        }
        return found
    }

    @Test func theLoomProgramLinksNoSQLiteAndContainsNoViewGraph() throws {
        let loom = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loom")
        let libraries = spawnAndWait("/usr/bin/ldd", [loom.path]).output
        #expect(libraries.contains("libc.so"), "ldd listed the program's libraries")
        #expect(!libraries.contains("libsqlite3"), "loom links libsqlite3:\n\(libraries)")
        let symbols = spawnAndWait("/usr/bin/nm", [loom.path]).output
        // Swift mangles a module's name as its length and the name: `9LoomGraph`.
        #expect(symbols.contains("10LoomClient"), "nm listed the program's symbols")
        for module in Self.notInTheViewer where module.hasPrefix("Loom") {
            #expect(!symbols.contains("\(module.count)\(module)"), "loom contains symbols of \(module)")
        }
    }
}

struct LayeringFailure: Error, CustomStringConvertible, Sendable {
    let description: String
    init(_ description: String) { self.description = description }
}
