import Foundation
@testable import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
import LoomSceneDocuments
import LoomStore
import LoomStoreViews
import Testing

/// Time in documents: a relative time kept current by the clock, and a view that turns stale
/// when the moment it reads grows old, with one evaluation at the crossing.
@Suite("Scene documents: time and staleness")
struct DocumentTimeTests {
    private func mount(_ text: String, _ seen: JSONValue?) throws -> (ViewHost, Store) {
        let store = Store()
        if let seen { try store.set(seen, at: JSONPointer("/seen")) }
        let model = SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))
        return (ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 40, height: 2), store)
    }

    @Test func aRelativeTimeShowsTheTimeSinceAMomentOfEitherFormAndFollowsTheClock() throws {
        let text = #"{"loom": 1, "body": {"Text": "seen {/seen|relative} ago at {/seen|time}"}}"#
        let (host, store) = try mount(text, .int(Int64(Date().timeIntervalSince1970) - 125))
        #expect(host.text.hasPrefix("seen 2 min, 5 sec"), "\(host.text)")
        let before = host.text
        #expect(host.runFrames(until: { $0.text != before }, timeout: .seconds(3)), "the clock moved the text")
        _ = try store.set(.string("2026-01-01T10:20:30Z"), at: JSONPointer("/seen"))
        host.runFrame()
        #expect(host.text.contains("at 10:20:30"), "\(host.text)")
    }

    @Test func aStaleModifierAppliesItsModifiersOnceTheMomentIsOlderThanItsDuration() throws {
        let text = """
        {"loom": 1, "body": {"Text": "feeder", "modifiers": [{"stale": {"bind": "/seen", "after": "1s", "then": [{"foregroundColor": "red"}]}}]}}
        """
        let (host, _) = try mount(text, .double(Date().timeIntervalSince1970 - 0.5))
        #expect(!host.markup.contains("red"), "fresh: \(host.markup)")
        #expect(host.runFrames(until: { $0.markup.contains("red") }, timeout: .seconds(5)), "stale after the crossing: \(host.markup)")
        let (missing, _) = try mount(text, nil)
        #expect(missing.markup.contains("red"), "a moment never written is stale")
    }

    @Test func durationsAreChecked() {
        for (after, fine) in [(#""30s""#, true), (#""5m""#, true), ("90", true), (#""0s""#, false), (#""2y""#, false), (#""400d""#, false)] {
            let text = #"{"loom": 1, "body": {"Text": "x", "modifiers": [{"stale": {"bind": "/seen", "after": \#(after), "then": []}}]}}"#
            #expect(((try? SceneDocument.compile(Array(text.utf8))) != nil) == fine, "\(after)")
        }
    }
}
