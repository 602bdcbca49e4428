import LoomJSON
@testable import LoomStore
import LoomTestSupport
import Testing

/// The document has a size limit (`JSONLimits.maximumDocumentBytes`), counted as its JSON text:
/// a copy shares storage, so a short patch could otherwise describe gigabytes that every `get`
/// would write out.
@Suite("The document's size")
struct DocumentSizeTests {
    /// Thirty copies of a value into itself (16 GB of JSON from a patch of 1.3 KB) are refused,
    /// and the document stays as it was.
    @Test func aPatchThatCopiesAValueIntoItselfPastTheLimitIsRefusedWhole() throws {
        let store = Store()
        _ = try store.set(["keep": 1], at: .root)
        let before = store.root
        let doubling: [PatchOperation] = [.add(pointer("/x"), ["0123456789"])] + Array(repeating: .copy(from: pointer("/x"), to: pointer("/x/-")), count: 30)
        #expect { try store.apply(doubling) } throws: { ($0 as? DocumentError)?.code == .limitExceeded }
        #expect(store.root == before)
        #expect(try store.apply(Array(doubling.prefix(11))) == store.revision, "ten doublings are 20 KB: fine")
    }

    /// The size kept with each edit is the size of the document, through 5,000 random
    /// transactions (some of which fail and are rolled back).
    @Test func theSizeKeptIsTheDocumentsWeightAfterEveryTransaction() throws {
        var random = SplitMix(state: 3)
        var limits = JSONLimits()
        limits.maximumDocumentBytes = 2_000
        let store = Store(limits: limits)
        let paths = ["/a", "/a/0", "/a/-", "/o", "/o/k", "/o/m", "/a/1"]
        for step in 0..<5_000 {
            let path = paths.randomElement(using: &random)!
            let value: JSONValue = [.int(Int64(step)), "text", [1, 2, 3], ["k": "v"]].randomElement(using: &random)!
            let operations: [PatchOperation] = [
                .add(try JSONPointer(path), value), .remove(try JSONPointer(path)), .replace(try JSONPointer(path), value),
                .copy(from: try JSONPointer(paths.randomElement(using: &random)!), to: try JSONPointer(path)),
            ].shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)).map { $0 }
            _ = try? store.apply(operations)
            #expect(store.document.size == store.root.weight(), "step \(step)")
            #expect(store.document.size <= 2_000)
            if store.document.size != store.root.weight() { return }
        }
    }
}
