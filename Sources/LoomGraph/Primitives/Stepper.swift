/// SwiftUI's `Stepper`: a label and a control that steps a value down or up (←/→ or −/+ when
/// focused), within a range when given one; or runs `onIncrement`/`onDecrement`. Values are
/// integers or floating-point numbers (SwiftUI takes any `Strideable`).
public struct Stepper<Label: View>: View {
    let label: Label
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?

    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
    }

    /// Steps an integer by `step`, never past the range's ends (or the type's: a step that
    /// would overflow stops at the end, as one that would cross the range's does).
    public init<V: FixedWidthInteger>(value: Binding<V>, in bounds: ClosedRange<V> = V.min...V.max, step: V = 1,
                                      @ViewBuilder label: () -> Label) {
        func stepped(up: Bool) -> V {
            let current = value.wrappedValue
            let (moved, overflow) = up ? current.addingReportingOverflow(step) : current.subtractingReportingOverflow(step)
            if overflow { return up ? bounds.upperBound : bounds.lowerBound }
            return Swift.min(Swift.max(moved, bounds.lowerBound), bounds.upperBound)
        }
        self.init(label: label, onIncrement: { value.wrappedValue = stepped(up: true) }, onDecrement: { value.wrappedValue = stepped(up: false) })
    }

    /// Steps a floating-point value by `step`, never past the range's ends.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = -V.greatestFiniteMagnitude...V.greatestFiniteMagnitude,
                                        step: V = 1, @ViewBuilder label: () -> Label) {
        func stepped(up: Bool) -> V {
            Swift.min(Swift.max(up ? value.wrappedValue + step : value.wrappedValue - step, bounds.lowerBound), bounds.upperBound)
        }
        self.init(label: label, onIncrement: { value.wrappedValue = stepped(up: true) }, onDecrement: { value.wrappedValue = stepped(up: false) })
    }
}

extension Stepper where Label == Text {
    public init<V: FixedWidthInteger>(_ title: String, value: Binding<V>, in bounds: ClosedRange<V> = V.min...V.max, step: V = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }

    public init<V: BinaryFloatingPoint>(_ title: String, value: Binding<V>,
                                        in bounds: ClosedRange<V> = -V.greatestFiniteMagnitude...V.greatestFiniteMagnitude, step: V = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }

    public init(_ title: String, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.init(label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

extension Stepper: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        children.append(label)
    }

    func primitive(in node: PrimitiveNode<Stepper>) -> Primitive? { .stepper }
    static var controlKind: ControlKind? { .stepper }

    func perform(_ action: ControlAction, in node: PrimitiveNode<Stepper>) {
        guard case .adjust(let steps) = action else { return }
        for _ in 0..<steps.magnitude { (steps > 0 ? onIncrement : onDecrement)?() }
    }
}
