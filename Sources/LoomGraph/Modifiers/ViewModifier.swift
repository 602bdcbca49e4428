/// A modifier of your own, as SwiftUI's: `.modifier(Card())` wraps a view in what `body(content:)`
/// returns. The body is evaluated under the same rules as a view's: its dynamic properties
/// (`@State`, `@Environment`, `@StoreValue`, …) are its own, kept where it is applied; it runs
/// again when the modifier's stored values or the content changed, or something it read did.
public protocol ViewModifier {
    associatedtype Body: View
    /// The view being modified, as `body(content:)` is handed it.
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a modifier's `body(content:)` is handed: the view it modifies, placed where the
/// body puts it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let content: AnyView
    public var body: some View { content }
}

/// A modifier of your own applied: a view whose body is the modifier's, so the graph evaluates
/// it as it does any view with a body. Its stored properties are the modifier's and the
/// content; `DynamicPropertyLayout` finds the modifier's dynamic properties inside it.
struct ViewModifierBody<Modifier: ViewModifier, Content: View>: View {
    var modifier: Modifier
    let content: Content
    var body: Modifier.Body { modifier.body(content: _ViewModifier_Content(content: AnyView(content))) }
}

extension ViewModifier {
    /// What `ModifiedContent` puts under itself for this modifier.
    func appendBody<Content: View>(content: Content, to children: inout ChildList) {
        children.append(ViewModifierBody(modifier: self, content: content))
    }
}
