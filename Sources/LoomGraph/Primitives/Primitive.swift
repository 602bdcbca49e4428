/// What one primitive node contributes to the primitive tree that layout consumes.
import LoomCells
public enum Primitive: Sendable, Hashable {
    case text(String)
    /// A text of runs in different styles (`Text + Text`, Markdown, a date): boxed, as a
    /// frame's bounds are.
    indirect case styledText(StyledText)
    case spacer(minLength: Int?)
    case divider
    case color(Color)
    case vStack(alignment: HorizontalAlignment, spacing: Int?, lazy: Bool)
    case hStack(alignment: VerticalAlignment, spacing: Int?, lazy: Bool)
    case zStack(alignment: Alignment)
    /// Children in lines, wrapping where the next one does not fit (`Flow`). Boxed, as a frame's
    /// bounds are: its four settings would make every primitive larger.
    indirect case flow(FlowSpec)
    /// A `Grid`: boxed, as a frame's bounds are. Its children are rows (`.gridRow`) and views
    /// that span its columns.
    indirect case grid(GridSpec)
    /// A `LazyVGrid`: its children fill its columns row by row; a `ForEach` inside builds lazily.
    indirect case lazyVGrid(LazyVGridSpec)
    case gridRow(alignment: VerticalAlignment?)
    case scrollView(Axis.Set)
    case list
    case button(isDestructive: Bool)
    case toggle(isOn: Bool)
    /// A picker with the index of its selected option and of the option highlighted in an
    /// interaction in progress (a viewer moving through the options before choosing).
    case picker(selected: Int?, highlighted: Int?)
    /// A stepper: its label, then the control.
    case stepper
    /// A text field: boxed, as a frame's bounds are.
    indirect case textField(TextFieldSpec)
    /// A `NavigationStack`, with the title its top view gives (`navigationTitle`).
    case navigationStack(title: String?)
    /// A `TabView`: its children are its tabs' labels (`.tabLabel`) and the tab that shows.
    case tabView
    case tabLabel(isSelected: Bool)
    case navigationLink
    /// `onTapGesture`: its content, which a click (or Enter) acts on.
    case tapGesture
    /// A `GeometryReader`: its children are its content built for each size it was placed at.
    case geometryReader
    /// A `GeometryReader`'s content for one size.
    case geometryContent(CellSize)
    case padding(EdgeInsets)
    /// Boxed: six optional sizes would make every primitive (and every layout box) 100 bytes.
    indirect case frame(FrameSpec)
    case foregroundColor(Color?)
    /// A key that activates the control below from anywhere in the scene (`keyboardShortcut`).
    case keyboardShortcut(KeyEquivalent)
    /// The colour of the controls below (`tint`).
    case tint(Color?)
    /// Where the scroll containers below rest until a viewer scrolls them (`defaultScrollAnchor`).
    /// Boxed: two fractions would make every primitive larger.
    indirect case defaultScrollAnchor(UnitPoint?)
    case background(Color)
    case textStyle(TextStyle)
    case border(Color, width: Int)
    case lineLimit(Int?)
    case truncationMode(Text.TruncationMode)
    case multilineTextAlignment(TextAlignment)
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// A list row's separators (`listRowSeparator`): what the list around it reads; it lays
    /// out as its content.
    case listRowSeparator(Visibility, edges: VerticalEdge.Set)
    /// Its controls skipped by focus and drawn dim (`disabled(true)`; false changes nothing).
    case disabled(Bool)
    /// Drawn nothing of, in its place (`hidden()`, `opacity(0)`).
    case hidden
    /// A `ProgressView`'s bar filled to a fraction in 0…1; nil: indeterminate.
    case progress(fraction: Double?)
    /// Two children: the content, and what is layered over it.
    case overlay(alignment: Alignment)
    /// A view that presents another (`.sheet`, `.alert`): laid out as its content; the
    /// presentation, its last child, is laid out over the screen (`ViewGraph.presentations`).
    case presenting
    /// A presented view's panel, cleared and bordered over what is under it.
    case presentation(PresentationStyle)
}

/// A `frame` modifier's constraints, in cells; nil means unconstrained.
public struct FrameSpec: Sendable, Hashable {
    public var minWidth, idealWidth, maxWidth: Int?
    public var minHeight, idealHeight, maxHeight: Int?
    public var alignment: Alignment
}

/// A `Flow`'s settings.
public struct FlowSpec: Sendable, Hashable {
    public var alignment: VerticalAlignment
    public var spacing: Int?
    public var lineSpacing: Int
    public var lineLimit: Int?
}
