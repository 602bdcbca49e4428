import LoomGraph

/// `onTapGesture`: laid out as its content; a click finds it by its frame (`Focus.swift`).
struct TapGestureLayout: PrimitiveLayout {
    var passesRowTraits: Bool { true }
}
