import LoomLayout
import LoomWire

extension Key {
    /// The key an `input` message names (Protocol/README.md, "input"); nil for a name it does not know.
    init?(_ event: InputEvent) {
        let key: Key? = switch event.key {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .tab: .tab
        case .backTab: .backTab
        case .enter: .enter
        case .space: .space
        case .escape: .escape
        case .backspace: .backspace
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .home
        case .end: .end
        case .delete: .delete
        case .wordLeft: .wordLeft
        case .wordRight: .wordRight
        case .deleteWordBackward: .deleteWordBackward
        case .deleteToStart: .deleteToStart
        case .deleteToEnd: .deleteToEnd
        case .paste: event.text.map(Key.paste)
        case .character: event.text.flatMap(\.first).map(Key.character)
        case .wheel: .wheel(lines: event.lines ?? 0, row: event.row ?? 0, column: event.column ?? 0)
        case .click: .click(row: event.row ?? 0, column: event.column ?? 0)
        default: nil
        }
        guard let key else { return nil }
        self = key
    }
}
