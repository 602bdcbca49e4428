import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
import LoomSceneDocuments
import LoomStore
import LoomStoreViews

/// The scene target: every input is a scene document, as any control client or a file in the
/// scenes directory may send one. Compiling it must not trap or hang; a refusal must say where
/// (each diagnostic's pointer a JSON Pointer); a document that compiles is shown at 40x12 over
/// a store with jobs, hosts and a log, twice (a second frame after a change to every row), and
/// that must not trap either.
func fuzzScene(_ bytes: [UInt8]) {
    let document: SceneDocument
    do {
        document = try SceneDocument.compile(bytes)
    } catch {
        for diagnostic in error.diagnostics where (try? JSONPointer(diagnostic.pointer)) == nil {
            failFuzzing("a diagnostic names no place: \(diagnostic)")
        }
        return
    }
    let host = ViewHost(SceneDocumentView(model: SceneDocumentModel(document)).environment(\.store, SceneFuzzStore.store), width: 40, height: 12)
    _ = try? SceneFuzzStore.store.set(.string("changed"), at: JSONPointer("/jobs/a/status"))
    host.runFrame()
}

/// One store for every input: what documents read (jobs with statuses and progress, hosts with
/// loads and histories, a log), made once.
enum SceneFuzzStore {
    nonisolated(unsafe) static let store: Store = {
        let store = Store()
        let seed = #"""
        {"jobs": {"a": {"name": "build", "status": "running", "progress": 0.4}, "b": {"name": "test", "status": "failed", "progress": "x"}},
         "hosts": [{"id": "web", "load": 0.9, "history": [0.1, 0.5, 1e308]}, {"id": 7, "load": null}],
         "log": ["one", {"t": 1767225600, "msg": "two"}], "meta": {"title": "fuzz", "count": -1}}
        """#
        _ = try? store.set(try JSONParser.parse(seed), at: .root)
        return store
    }()
}
