/// `.keyboardShortcut`: a key that presses the button (or flips the toggle) below from
/// anywhere in the scene, as SwiftUI's does in a window. A terminal has no Command key, so the
/// key alone is the shortcut; it acts while no text field has the focus (there, a character is
/// typed). `.defaultAction` is Enter while nothing focused takes it; `.cancelAction` is Escape,
/// before Escape dismisses a sheet or pops navigation. While a sheet or an alert shows, only its
/// shortcuts act.
public struct KeyboardShortcut: Sendable, Hashable {
    public let key: KeyEquivalent
    public let modifiers: EventModifiers

    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Enter.
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])
}

/// A key of a shortcut: a character, or Return or Escape.
public struct KeyEquivalent: Sendable, Hashable, ExpressibleByExtendedGraphemeClusterLiteral {
    public let character: Character

    public init(_ character: Character) {
        self.character = character
    }

    public init(extendedGraphemeClusterLiteral character: Character) {
        self.character = character
    }

    public static let `return` = KeyEquivalent("\r")
    public static let escape = KeyEquivalent("\u{1B}")
}

/// SwiftUI's modifier keys. A terminal reports none of them with a character the way a window
/// does: they are accepted and the key alone is the shortcut.
public struct EventModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let command = EventModifiers(rawValue: 1)
    public static let shift = EventModifiers(rawValue: 2)
    public static let option = EventModifiers(rawValue: 4)
    public static let control = EventModifiers(rawValue: 8)
}

extension View {
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> ModifiedContent<Self, _LayoutModifier> {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
    }

    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .keyboardShortcut(shortcut.key)))
    }
}
