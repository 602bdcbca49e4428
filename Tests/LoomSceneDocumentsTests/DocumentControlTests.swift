@testable import LoomDocumentViews
import LoomGraph
import LoomJSON
import LoomLayout
import LoomSceneDocuments
import LoomStore
import LoomStoreViews
import Testing

/// A document's controls write the store, each write one transaction: a button's patch with the
/// row's paths (atomic with its `test`), a toggle's boolean, a picker's tag.
@Suite("Scene documents: controls")
struct DocumentControlTests {
    static let board = """
    {"loom": 1, "body": {"VStack": {"alignment": "leading", "content": [
      {"Toggle": {"label": "paused", "isOn": {"bind": "/settings/paused"}}},
      {"Picker": {"label": "mode", "selection": {"bind": "/settings/mode"}, "content": [
        {"Text": "fast", "modifiers": [{"tag": "fast"}]}, {"Text": "safe", "modifiers": [{"tag": "safe"}]}]}},
      {"ForEach": {"data": "/jobs", "content": [
        {"HStack": {"spacing": 1, "content": [
          {"Text": "{$key} {status}"},
          {"Button": {"label": "retry {$key}", "action": {"patch": [
            {"op": "test", "path": "status", "value": "failed"},
            {"op": "replace", "path": "status", "value": "queued"},
            {"op": "add", "path": "/log/-", "value": {"bind": "$key"}}]}},
           "if": {"bind": "status", "eq": "failed"}}
        ]}}
      ]}}
    ]}}}
    """

    private func mount() throws -> (ViewHost, Store) {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"jobs": {"a/b": {"status": "failed"}, "c": {"status": "ok"}}, "log": [], "settings": {"mode": "safe"}}"#), at: .root)
        let model = SceneDocumentModel(try SceneDocument.compile(Array(Self.board.utf8)))
        return (ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 60, height: 10), store)
    }

    @Test func aButtonAppliesItsPatchWithTheRowsPathsAsOneTransaction() throws {
        let (host, store) = try mount()
        let revision = store.revision
        #expect(host.tap("retry a/b"))
        #expect(store.value(at: JSONPointer("/jobs/a~1b/status")) == "queued", "a key holding / is one token")
        #expect(store.value(at: JSONPointer("/log")) == ["a/b"], "the bound value read when pressed")
        #expect(store.revision == revision + 1, "one transaction")
        host.runFrame()
        #expect(!host.text.contains("retry"), "the button's condition no longer holds")
    }

    @Test func aPatchWhoseTestNoLongerHoldsChangesNothing() throws {
        let (host, store) = try mount()
        _ = host.tap("retry a/b")
        let revision = store.revision
        // The row's status is queued now; its test fails, so nothing of the patch is applied.
        let steps: [PatchStep] = try #require({
            guard case .action(let steps, _)? = try SceneDocument.compile(Array(Self.board.utf8)).nodes.first(where: { $0.view == "Button" })?.arguments["action"] else { return nil }
            return steps
        }())
        var scope = DocumentScope.root
        scope = scope.appending(.init(pointer: JSONPointer("/jobs/a~1b"), key: "a/b"))
        DocumentActions.apply(steps, reader: DocumentReader(store: store, scope: scope))
        #expect(store.revision == revision && store.value(at: JSONPointer("/log")) == ["a/b"])
    }

    @Test func aToggleAndAPickerWriteTheirPaths() throws {
        let (host, store) = try mount()
        #expect(host.tap("paused"))
        #expect(store.value(at: JSONPointer("/settings/paused")) == true)
        host.press(.tab)
        #expect(host.focusedLabel == "mode")
        host.press(.left)
        host.press(.enter)
        #expect(store.value(at: JSONPointer("/settings/mode")) == "fast", "the tag of the option chosen")
        #expect(host.text.contains("mode: ‹ fast ›"))
    }

    @Test func aDocumentAppliedAgainKeepsTheFocusWhereItsViewDidNotChange() throws {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"jobs": {"a/b": {"status": "failed"}, "c": {"status": "ok"}}, "log": [], "settings": {"mode": "safe"}}"#), at: .root)
        let model = SceneDocumentModel(try SceneDocument.compile(Array(Self.board.utf8)))
        let host = ViewHost(SceneDocumentView(model: model).environment(\.store, store), width: 60, height: 10)
        host.press(.tab)
        host.press(.tab)
        host.press(.tab)
        #expect(host.focusedLabel == "retry a/b")
        // The toggle's label changes; the row with the focused button does not.
        let changed = Self.board.replacingOccurrences(of: #""label": "paused""#, with: #""label": "hold the queue""#)
        model.replace(with: try SceneDocument.compile(Array(changed.utf8), replacing: model.document))
        host.runFrame()
        #expect(host.text.contains("hold the queue"))
        #expect(host.focusedLabel == "retry a/b", "the focus stays on the view that did not change")
    }
}

extension DocumentControlTests {
    @Test func aStepperStepsItsStoreNumberWithinItsBounds() throws {
        let store = Store()
        try store.set(.int(9), at: JSONPointer("/workers"))
        let text = #"{"loom": 1, "body": {"Stepper": {"label": "workers {/workers}", "value": {"bind": "/workers"}, "in": [1, 10], "step": 1}}}"#
        let host = ViewHost(SceneDocumentView(model: SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))).environment(\.store, store), width: 30, height: 1)
        host.press(.tab)
        host.press(.right)
        #expect(store.value(at: JSONPointer("/workers")) == 10, "a whole number stays whole: \(host.text)")
        host.press(.right)
        #expect(store.value(at: JSONPointer("/workers")) == 10, "not past its upper bound")
        host.press(.left)
        #expect(store.value(at: JSONPointer("/workers")) == 9)
        #expect(host.text.contains("workers 9"))
    }

    @Test func symbolsPlaceholdersAndHiddenViews() throws {
        let text = """
        {"loom": 1, "body": {"VStack": {"alignment": "leading", "content": [
          {"HStack": {"content": [{"Image": "checkmark.circle"}, {"Text": "done", "modifiers": [{"fontWeight": "bold"}]}]}},
          {"Text": "secret", "modifiers": [{"hidden": true}]},
          {"ContentUnavailableView": {"title": "No jobs", "systemImage": "tray", "description": "loom set /jobs/…"}}
        ]}}}
        """
        let host = ViewHost(SceneDocumentView(model: SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))).environment(\.store, Store()), width: 30, height: 8)
        #expect(host.text.contains("done") && host.text.contains("No jobs") && host.text.contains("loom set /jobs/…"))
        #expect(!host.text.contains("secret"))
        #expect(host.markup.contains("{bold}done"))
    }
}

extension DocumentControlTests {
    @Test func aTextFieldEditsTheViewersOwnTextAndWritesItWithEnter() throws {
        let store = Store()
        try store.set(.string("hello"), at: JSONPointer("/note"))
        let text = #"{"loom": 1, "body": {"TextField": {"label": "note", "text": {"bind": "/note"}, "prompt": "a note"}}}"#
        let host = ViewHost(SceneDocumentView(model: SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))).environment(\.store, store), width: 30, height: 1)
        #expect(host.text.contains("hello"))
        host.press(.tab)
        let revision = store.revision
        host.type(" world")
        #expect(host.text.contains("hello world"))
        #expect(store.revision == revision, "no write per keystroke")
        host.press(.enter)
        #expect(store.value(at: JSONPointer("/note")) == "hello world")
        #expect(store.revision == revision + 1, "one transaction")
    }
}

extension DocumentControlTests {
    @Test func aButtonThatConfirmsAsksFirstAndAppliesItsPatchOnlyWhenConfirmed() throws {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"jobs": {"web": {"status": "failed"}}}"#), at: .root)
        let text = """
        {"loom": 1, "body": {"ForEach": {"data": "/jobs", "content": [
          {"Button": {"label": "retry", "action": {"confirm": "Retry {$key}?", "patch": [{"op": "replace", "path": "status", "value": "queued"}]}}}
        ]}}}
        """
        let host = ViewHost(SceneDocumentView(model: SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))).environment(\.store, store), width: 40, height: 8)
        #expect(host.tap("retry"))
        #expect(host.text.contains("Retry web?"), "\(host.text)")
        #expect(store.value(at: JSONPointer("/jobs/web/status")) == "failed", "asked, not applied")
        #expect(host.tap("Cancel"))
        #expect(!host.text.contains("Retry web?"))
        #expect(store.value(at: JSONPointer("/jobs/web/status")) == "failed")
        #expect(host.tap("retry"))
        #expect(host.text.contains("Retry web?"))
        #expect(host.tap("retry"), "the dialog's action, on top of the row's button of the same label")
        #expect(!host.text.contains("Retry web?"))
        #expect(store.value(at: JSONPointer("/jobs/web/status")) == "queued")
    }
}

extension DocumentControlTests {
    @Test func overlaysShortcutsAndSecureFields() throws {
        let store = Store()
        try store.set(try JSONParser.parse(#"{"count": 0, "secret": "hunter2"}"#), at: .root)
        let text = """
        {"loom": 1, "body": {"VStack": {"alignment": "leading", "content": [
          {"Text": "base text", "modifiers": [{"overlay": {"content": {"Text": "!"}, "alignment": "trailing"}}]},
          {"Button": {"label": "more", "action": {"patch": [{"op": "replace", "path": "/count", "value": 1}]}}, "modifiers": [{"keyboardShortcut": "m"}]},
          {"SecureField": {"label": "password", "text": {"bind": "/secret"}}}
        ]}}}
        """
        let host = ViewHost(SceneDocumentView(model: SceneDocumentModel(try SceneDocument.compile(Array(text.utf8)))).environment(\.store, store), width: 30, height: 4)
        #expect(host.text.hasPrefix("base tex!"))
        #expect(!host.text.contains("hunter2"), "a secure field shows dots: \(host.text)")
        host.press(.character("m"))
        #expect(store.value(at: JSONPointer("/count")) == 1, "the shortcut pressed the button")
    }
}
