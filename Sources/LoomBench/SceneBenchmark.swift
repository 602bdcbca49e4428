import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
import LoomSceneDocuments
import LoomStore
import LoomStoreViews

/// `scene`: the same list over the store, as Swift views and as a scene document: bodies and
/// daemon CPU for a frame that changes one row's value, on a 200x50 screen, at 1k, 100k and 1M
/// rows. A document's nodes follow the same rules as Swift views, so a one-row change costs one
/// body in both; the figure that matters is what the document's generality costs per frame
/// (`scene_frame_cpu_ratio`, document over Swift at 100k rows) and that it stays flat in N.
enum SceneBenchmark {
    /// The Swift scene: a lazy list of the members of `/rows`, each row reading its member.
    struct StoreRows: View {
        @StoreMembers("/rows") var rows: [StoreMember]
        var body: some View { List(rows) { StoreRow(key: $0.id, path: $0.path) } }
    }

    struct StoreRow: View {
        let key: String
        @StoreValue var row: JSONValue?

        init(key: String, path: JSONPointer) {
            self.key = key
            _row = StoreValue(path)
        }

        var body: some View {
            HStack {
                Text("job \(key)").frame(width: 12, alignment: .leading)
                Text("value \(row?["value"].map { JSONWriter.string($0) } ?? "—")")
                Spacer()
                Text(row?["kind"]?.stringValue ?? "—").foregroundColor(.green)
            }
        }
    }

    /// The same rows as a document: each text its own node, reading only its member.
    static let document = """
    {"loom": 1, "body": {"List": {"content": [{"ForEach": {"data": "/rows", "content": [
      {"HStack": {"content": [
        {"Text": "job {$key}", "modifiers": [{"frame": {"width": 12, "alignment": "leading"}}]},
        {"Text": "value {value}"},
        {"Spacer": {}},
        {"Text": "{kind}", "modifiers": [{"foregroundColor": "green"}]}
      ]}}
    ]}}]}}}
    """

    static func run() -> [Figure] {
        let sizes = Bench.quick ? [1_000, 2_000, 5_000] : [1_000, 100_000, 1_000_000]
        // Swift and document at each size take turns, one frame each per round (see `work`).
        var scenes: [OneRowFrames] = []
        for size in sizes {
            scenes.append(OneRowFrames(rows: size, document: false))
            scenes.append(OneRowFrames(rows: size, document: true))
        }
        var samples = Array(repeating: [Double](), count: scenes.count)
        for round in 0..<(Bench.quick ? 100 : 300) {
            for (index, scene) in scenes.enumerated() { samples[index].append(scene.frame(round: round)) }
        }
        let microseconds = samples.map(Measure.median)
        let swift = stride(from: 0, to: scenes.count, by: 2).map { microseconds[$0] }
        let declared = stride(from: 1, to: scenes.count, by: 2).map { microseconds[$0] }
        return [
            Figure(key: "scene_bodies_per_mutation_swift", value: Double(stride(from: 0, to: scenes.count, by: 2).map { scenes[$0].bodies }.max() ?? 0), unit: "bodies",
                   meaning: "bodies for one row's change, Swift views over the store (target = 1)"),
            Figure(key: "scene_bodies_per_mutation_document", value: Double(stride(from: 1, to: scenes.count, by: 2).map { scenes[$0].bodies }.max() ?? 0), unit: "bodies",
                   meaning: "the same as a scene document (target = 1)"),
            Figure(key: "scene_frame_cpu_us_swift_100k", value: swift[1], unit: "us", meaning: "daemon CPU for that frame, Swift views, \(sizes[1]) rows, 200x50"),
            Figure(key: "scene_frame_cpu_us_document_100k", value: declared[1], unit: "us", meaning: "the same, scene document"),
            Figure(key: "scene_frame_cpu_ratio", value: declared[1] / swift[1], unit: "x", meaning: "document over Swift, CPU per one-row frame (target <= 1.5)"),
            Figure(key: "scene_frame_cpu_us_document_1k", value: declared[0], unit: "us", meaning: "the document's frame at \(sizes[0]) rows"),
            Figure(key: "scene_frame_cpu_us_document_1m", value: declared[2], unit: "us", meaning: "the document's frame at \(sizes[2]) rows"),
            Figure(key: "scene_frame_cpu_ratio_1m_1k_document", value: declared[2] / declared[0], unit: "x",
                   meaning: "the document's frame CPU at \(sizes[2]) rows over \(sizes[0]) (target <= 1.2)"),
        ]
    }

    /// A store of `rows` members shown by one of the two scenes on a 200x50 screen; each frame
    /// changes the value of one of the first 20 rows.
    private final class OneRowFrames {
        let store = Store()
        let renderer: SceneRenderer
        private(set) var bodies = 0
        private let pointers: [JSONPointer]

        init(rows count: Int, document: Bool) {
            var rows = JSONObject()
            for index in 0..<count { rows["r\(index)"] = ["value": .int(Int64(index)), "kind": .string(index % 2 == 0 ? "even" : "odd")] }
            _ = try? store.set(.object(rows), at: JSONPointer(tokens: ["rows"]))
            pointers = (0..<20).map { JSONPointer(tokens: ["rows", "r\($0)", "value"]) }
            let root: any View = document
                ? AnyView(SceneDocumentView(model: SceneDocumentModel(try! SceneDocument.compile(Array(SceneBenchmark.document.utf8)))).environment(\.store, store))
                : AnyView(StoreRows().environment(\.store, store))
            renderer = SceneRenderer(graph: ViewGraph(root))
            _ = renderer.addViewport(size: Size(width: 200, height: 50))
            _ = renderer.render()
        }

        /// One frame after a change of one row's value: its CPU time in µs (the store's write
        /// is the client's, not the frame's, and is not counted).
        func frame(round: Int) -> Double {
            _ = try? store.set(.int(Int64(1_000_000 + round)), at: pointers[round % 20])
            let cost = FrameCost.measure(renderer)
            bodies = max(bodies, cost.bodies)
            return cost.microseconds
        }
    }
}
