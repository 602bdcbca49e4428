/// Modifiers that only describe layout and style: each contributes one primitive.
import LoomCells
public struct _LayoutModifier: ViewModifierBehavior, Sendable {
    /// Never nil: whether a node has a primitive does not change while it lives (layout keeps
    /// the list of a node's primitive descendants while the graph's structure holds).
    let layout: Primitive
    var primitive: Primitive? { layout }

    init(primitive: Primitive) {
        layout = primitive
    }
}

extension View {
    public func padding(_ edges: Edge.Set = .all, _ length: Int? = nil) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .padding(EdgeInsets(edges, length ?? 1))))
    }

    public func padding(_ length: Int) -> ModifiedContent<Self, _LayoutModifier> {
        padding(.all, length)
    }

    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .padding(insets)))
    }

    public func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, _LayoutModifier> {
        frame(minWidth: width, idealWidth: width, maxWidth: width, minHeight: height, idealHeight: height, maxHeight: height, alignment: alignment)
    }

    public func frame(minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
                      minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
                      alignment: Alignment = .center) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .frame(FrameSpec(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                                               minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
                                                               alignment: alignment))))
    }

    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .foregroundColor(color)))
    }

    /// SwiftUI's `foregroundStyle(_:)` for the styles a terminal has: a colour (`.primary`,
    /// `.secondary`, `.orange`, `Color(red:green:blue:)`, …), as `foregroundColor(_:)`.
    public func foregroundStyle(_ color: Color?) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .foregroundColor(color)))
    }

    /// The colour of the controls below: a toggle's box, a progress bar's fill, a stepper's
    /// signs (SwiftUI's accent colour for them); nil: their text's colour.
    public func tint(_ color: Color?) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .tint(color)))
    }

    /// Where the scroll views and lists below show their content until a viewer scrolls them,
    /// as a point of the content (`.bottom`: its end), and where content smaller than them sits.
    /// A viewer who scrolls back to that point follows it again: a log anchored at `.bottom`
    /// keeps its newest line in view while someone reads the end, and holds still while they
    /// read further up. nil: the top leading corner, as without it.
    public func defaultScrollAnchor(_ anchor: UnitPoint?) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .defaultScrollAnchor(anchor)))
    }

    public func background(_ color: Color) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .background(color)))
    }

    public func bold() -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(.bold)))
    }

    public func italic() -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(.italic)))
    }

    public func underline() -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .textStyle(.underline)))
    }

    public func border(_ color: Color, width: Int = 1) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(primitive: .border(color, width: width)))
    }
}
