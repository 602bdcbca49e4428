/// SwiftUI's `Gauge`: a value within a range, shown as its label, a bar filled to where the value
/// sits in the range, and its current-value label, on one row (a terminal's linear gauge). A value
/// outside the range shows the bar empty or full; a range of no width shows it empty.
public struct Gauge<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel

    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        let lower = Double(bounds.lowerBound), width = Double(bounds.upperBound) - lower
        fraction = ProgressView<EmptyView, EmptyView>.fraction(Double(value) - lower, of: width)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    public var body: some View {
        HStack(spacing: 1) {
            label
            ProgressView(value: fraction)
            currentValueLabel
        }
    }
}

extension Gauge where CurrentValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: { EmptyView() })
    }
}
