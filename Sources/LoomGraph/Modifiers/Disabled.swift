extension View {
    /// Controls below are disabled: drawn dim, skipped by focus, so no key reaches them. As in
    /// SwiftUI, `disabled(false)` inside a disabled view does not enable what it holds.
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .disabled(disabled)))
    }

    /// Drawn nothing of, while keeping its place in the layout (SwiftUI's `hidden()`); its
    /// controls are skipped by focus.
    public func hidden() -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .hidden))
    }

    /// A terminal has no transparency: an opacity of 0 hides the view (keeping its place), one
    /// below 1 draws it dim, and 1 or more draws it as it is.
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: opacity <= 0 ? .hidden : .textStyle(opacity < 1 ? .dim : [])))
    }
}
