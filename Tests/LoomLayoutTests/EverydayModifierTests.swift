import LoomGraph
import LoomLayout
import Testing

/// The update rules of `onChange`, and what `disabled` and `hidden` do to focus.
@Suite("onChange, disabled, hidden")
struct EverydayModifierTests {
    final class Log { var lines: [String] = [] }

    struct Counter: View {
        let log: Log
        @State private var count = 0
        @State private var other = 0
        var body: some View {
            VStack {
                Text("count \(count) other \(other)")
                    .onChange(of: count) { old, new in log.lines.append("\(old)→\(new)") }
                    .onChange(of: count / 2, initial: true) { log.lines.append("half \(count / 2)") }
                Button("count") { count += 1 }
                Button("other") { other += 1 }
            }
        }
    }

    @Test func onChangeRunsAfterThePassWithTheOldAndNewValueAndOnlyWhenItChanged() {
        let log = Log()
        let host = ViewHost(Counter(log: log), width: 30, height: 3)
        #expect(log.lines == ["half 0"], "initial: once on appear")
        host.press(.tab)
        host.press(.enter)
        #expect(log.lines == ["half 0", "0→1"])
        host.press(.enter)
        #expect(log.lines.count == 4 && Set(log.lines.suffix(2)) == ["1→2", "half 1"])
        host.press(.tab)
        host.press(.enter)
        #expect(host.text.contains("other 1") && log.lines.count == 4, "the body re-ran for another value; count did not change")
    }

    @Test func disabledAndHiddenControlsAreSkippedByFocusAndSoGetNoKeys() {
        final class Presses { var names: [String] = [] }
        struct Buttons: View {
            let presses: Presses
            let locked: Bool
            var body: some View {
                VStack {
                    Button("one") { presses.names.append("one") }
                    VStack { Button("two") { presses.names.append("two") }.disabled(false) }.disabled(locked)
                    Button("three") { presses.names.append("three") }.hidden()
                    Button("four") { presses.names.append("four") }
                }
            }
        }
        let presses = Presses()
        let host = ViewHost(Buttons(presses: presses, locked: true), width: 10, height: 4)
        host.press(.tab)
        host.press(.enter)
        host.press(.tab)
        host.press(.enter)
        #expect(presses.names == ["one", "four"], "disabled(false) inside disabled(true) stays disabled, as in SwiftUI")
        let open = ViewHost(Buttons(presses: presses, locked: false), width: 10, height: 4)
        open.press(.tab)
        open.press(.tab)
        open.press(.enter)
        #expect(presses.names.last == "two")
    }
}
