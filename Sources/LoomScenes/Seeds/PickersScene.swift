import LoomGraph

/// `seeds/pickers` (seed 004): three pickers bound to three `@State`s of one view, next to
/// three small picker views each with a `@Binding`. Changing one picker evaluates only that
/// picker in both, and never resets another picker's highlighted (in-progress) row.
public struct PickersScene: View {
    public init() {}

    public var body: some View {
        VStack(alignment: .leading) {
            Text("seed 004: pickers (Tab between them, arrows to highlight, Enter to choose)").bold()
            Text("one view, three @State").foregroundColor(.yellow)
            TimePickers()
            Divider().foregroundColor(.gray)
            Text("three views, each with a @Binding").foregroundColor(.green)
            ModularTimePickers()
            Spacer()
        }
    }
}

struct TimePickers: View {
    @State private var hours = 0
    @State private var minutes = 0
    @State private var seconds = 0

    var body: some View {
        HStack {
            Picker("hours", selection: $hours) { ForEach(0...5, id: \.self) { Text("\($0)h") } }
            Picker("minutes", selection: $minutes) { ForEach(0...59, id: \.self) { Text("\($0)m") } }
            Picker("seconds", selection: $seconds) { ForEach(0...59, id: \.self) { Text("\($0)s") } }
        }
    }
}

struct ModularTimePickers: View {
    @State private var hours = 0
    @State private var minutes = 0
    @State private var seconds = 0

    var body: some View {
        HStack {
            UnitPicker(unit: "h", range: 0...5, time: $hours)
            UnitPicker(unit: "m", range: 0...59, time: $minutes)
            UnitPicker(unit: "s", range: 0...59, time: $seconds)
        }
    }
}

/// The seed's `MyPickerView`: one picker, its value through a binding.
struct UnitPicker: View {
    let unit: String
    let range: ClosedRange<Int>
    @Binding var time: Int

    var body: some View {
        Picker(unit, selection: $time) { ForEach(range, id: \.self) { Text("\($0)\(unit)") } }
    }
}
