import LoomCells
import LoomGraph

/// The one place a primitive is told apart: its layout, and a text's content.
extension Primitive {
    /// What a text shows, plain or styled; nil for any other primitive.
    var textContent: TextContent? {
        switch self {
        case .text(let string): .plain(string)
        case .styledText(let styled): .styled(styled)
        default: nil
        }
    }

    /// The type that lays this primitive out.
    var layout: any PrimitiveLayout {
        switch self {
        case .text(let string): TextLayout(content: .plain(string))
        case .styledText(let text): StyledTextLayout(content: .styled(text))
        case .spacer(let minLength): SpacerLayout(minLength: minLength)
        case .divider: DividerLayout()
        case .color(let color): ColorLayout(color: color)
        case .vStack(let alignment, let spacing, let lazy): VStackLayout(alignment: alignment, spacing: spacing, lazy: lazy)
        case .hStack(let alignment, let spacing, let lazy): HStackLayout(alignment: alignment, spacing: spacing, lazy: lazy)
        case .zStack(let alignment): ZStackLayout(alignment: alignment)
        case .flow: FlowLayout(flow: self)
        case .grid: GridLayout(grid: self)
        case .gridRow(let alignment): GridRowLayout(alignment: alignment)
        case .scrollView(let axes): ScrollViewLayout(axes: axes)
        case .list: ListLayout()
        case .button(let isDestructive): ButtonLayout(isDestructive: isDestructive)
        case .toggle(let isOn): ToggleLayout(isOn: isOn)
        case .picker(let selected, let highlighted): PickerLayout(shown: highlighted ?? selected)
        case .stepper: StepperLayout()
        case .textField(let field): TextFieldLayout(field: field)
        case .navigationStack(let title): NavigationStackLayout(title: title)
        case .tabView: TabViewLayout()
        case .tabLabel(let isSelected): TabLabelLayout(isSelected: isSelected)
        case .navigationLink: NavigationLinkLayout()
        case .tapGesture: TapGestureLayout()
        case .lazyVGrid(let spec): LazyVGridLayout(spec: spec)
        case .geometryReader: GeometryReaderLayout()
        case .geometryContent: GeometryContentLayout()
        case .padding(let insets): PaddingLayout(insets: insets)
        case .frame: FrameLayout(frame: self)
        case .foregroundColor(let color): ForegroundColorLayout(color: color)
        case .background(let color): BackgroundLayout(color: color)
        case .textStyle(let attributes): TextStyleLayout(attributes: attributes)
        case .border(let color, _): BorderLayout(color: color)
        case .lineLimit(let limit): LineLimitLayout(limit: limit)
        case .truncationMode(let mode): TruncationModeLayout(mode: mode)
        case .multilineTextAlignment(let alignment): MultilineTextAlignmentLayout(alignment: alignment)
        case .fixedSize(let horizontal, let vertical): FixedSizeLayout(horizontal: horizontal, vertical: vertical)
        case .listRowSeparator: ListRowSeparatorLayout()
        case .overlay(let alignment): OverlayLayout(alignment: alignment)
        case .tint(let color): TintLayout(color: color)
        case .defaultScrollAnchor(let anchor): DefaultScrollAnchorLayout(anchor: anchor)
        case .keyboardShortcut: KeyboardShortcutLayout()
        case .presenting: PresentingLayout()
        case .presentation(let style): PresentationLayout(style: style)
        case .disabled(let disabled): DisabledLayout(disabled: disabled)
        case .hidden: HiddenLayout()
        case .progress(let fraction): ProgressLayout(fraction: fraction)
        }
    }
}
