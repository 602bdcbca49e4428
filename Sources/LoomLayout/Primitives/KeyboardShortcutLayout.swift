import LoomGraph

/// `keyboardShortcut`: laid out as its content; focus finds it by its key (`Focus.swift`).
struct KeyboardShortcutLayout: PrimitiveLayout {
    var passesRowTraits: Bool { true }
}
