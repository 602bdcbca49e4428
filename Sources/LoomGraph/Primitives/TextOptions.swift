import LoomCells

extension Text {
    /// Where text that does not fit is cut with `…`.
    public enum TruncationMode: Sendable, Hashable {
        case head, tail, middle
    }
}

/// How the lines of multiline text line up.
public enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

extension View {
    /// At most `limit` lines for the text below; the last one ends with `…` when cut. nil: no limit.
    public func lineLimit(_ limit: Int?) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .lineLimit(limit)))
    }

    public func truncationMode(_ mode: Text.TruncationMode) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .truncationMode(mode)))
    }

    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .multilineTextAlignment(alignment)))
    }

    /// The view takes its ideal size on the chosen axes, whatever it is offered.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .fixedSize(horizontal: horizontal, vertical: vertical)))
    }

    public func strikethrough() -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(.strikethrough)))
    }

    /// Faint text (terminals' dim attribute; a Loom addition).
    public func dim() -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(.dim)))
    }

    /// Swapped foreground and background (terminals' inverse attribute; a Loom addition).
    public func inverse() -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(.inverse)))
    }
}
