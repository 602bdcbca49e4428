/// SwiftUI's `ProgressView`: a bar as wide as it is offered, filled to `value / total` in
/// eighths of a cell, its label above it and its current-value label below (the linear style);
/// without a value, an indeterminate indicator (`…`, dim) before its label: a terminal frame
/// is drawn when something changes, and a spinner would change it for nothing.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    /// In 0…1; nil while indeterminate.
    let fraction: Double?
    let label: Label
    let currentValueLabel: CurrentValueLabel

    public init<Value: BinaryFloatingPoint>(value: Value?, total: Value = 1.0, @ViewBuilder label: () -> Label,
                                            @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        fraction = value.map { Self.fraction(Double($0), of: Double(total)) }
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    public var body: some View {
        if let fraction {
            VStack(alignment: .leading, spacing: 0) {
                label
                ProgressBar(fraction: fraction)
                currentValueLabel
            }
        } else {
            HStack(spacing: 1) {
                ProgressBar(fraction: nil)
                label
            }
        }
    }

    /// The part done, in 0…1: past the total is done, a total of zero or less (or NaN
    /// anywhere) is nothing done.
    static func fraction(_ value: Double, of total: Double) -> Double {
        guard total > 0, value > 0 else { return 0 }
        return Swift.min(value / total, 1)
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init<Value: BinaryFloatingPoint>(value: Value?, total: Value = 1.0, @ViewBuilder label: () -> Label) {
        self.init(value: value, total: total, label: label, currentValueLabel: { EmptyView() })
    }

    /// Indeterminate, with a label.
    public init(@ViewBuilder label: () -> Label) {
        self.init(value: Double?.none, label: label)
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// Indeterminate.
    public init() {
        self.init { EmptyView() }
    }

    public init<Value: BinaryFloatingPoint>(value: Value?, total: Value = 1.0) {
        self.init(value: value, total: total) { EmptyView() }
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// Indeterminate, titled.
    public init(_ title: String) {
        self.init { Text(title) }
    }

    public init<Value: BinaryFloatingPoint>(_ title: String, value: Value?, total: Value = 1.0) {
        self.init(value: value, total: total) { Text(title) }
    }
}

/// The bar of a `ProgressView` (or its indeterminate indicator).
struct ProgressBar: View {
    let fraction: Double?
}

extension ProgressBar: LeafPrimitive {
    func primitive(in node: PrimitiveNode<ProgressBar>) -> Primitive? { .progress(fraction: fraction) }
}
