import LoomCells
import LoomGraph
import LoomLayout
import Testing

/// Where Loom's layout and focus behave as SwiftUI's do in the cases developers meet first.
@Suite("Layout as in SwiftUI")
struct LayoutParityTests {
    @Test func aFrameWithAnInfiniteMaximumTakesTheRestOfTheRowBesideText() {
        #expect(render(HStack { Text("Name"); Text("v").frame(maxWidth: .infinity, alignment: .trailing) }, 20, 1) == "Name               v")
        #expect(render(HStack { Text("Name"); Text("long value").frame(maxWidth: .infinity, alignment: .leading) }, 20, 1) == "Name long value")
        #expect(render(VStack { Text("centred").frame(maxWidth: .infinity) }, 11, 1) == "  centred")
    }

    @Test func aColourBesideTextTakesTheRestAsTheMostFlexibleChild() {
        #expect(Snapshot.renderMarkup(HStack { Text("Name"); Color.red }.frame(height: 1), width: 12, height: 1) == "Name {bg=red}       {}")
        #expect(Snapshot.renderMarkup(HStack(spacing: 0) { Color.blue; Text("ab"); Color.red }.frame(height: 1), width: 6, height: 1)
                == "{bg=blue}  {}ab{bg=red}  {}")
    }

    @Test func aFiniteMaximumIsTheMostAFrameTakesOfAnyProposal() {
        #expect(Snapshot.renderMarkup(HStack(spacing: 0) { Color.red.frame(maxWidth: 3); Color.blue }.frame(height: 1), width: 10, height: 1)
                == "{bg=red}   {bg=blue}       {}")
    }

    @Test func aListRowThatIsEmptyTakesNoRowAndNoSeparator() {
        let rows = List { ForEach(0..<4, id: \.self) { index in if index % 2 == 0 { Text("row \(index)") } } }
        #expect(render(rows, 10, 6) == "row 0\n──────────\nrow 2")
        #expect(render(List { ForEach(0..<3, id: \.self) { index in if index == 1 { EmptyView() } else { Text("\(index)") } } }, 3, 5) == "0\n───\n2")
    }

    @Test func aScrollViewOfTextTakesTheFocusAndTheArrowsScrollIt() {
        let lines = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let host = ViewHost(VStack(spacing: 0) { ScrollView { Text(lines) }.frame(height: 3); Button("ok") {} }, width: 8, height: 4)
        host.press(.tab)
        host.runFrame()
        #expect(host.text.hasPrefix("line 1\nline 2\nline 3\n"), "focus does not move the content")
        #expect(host.markup.hasPrefix("line 1 {inverse} {}\nline 2\nline 3"), "the focused scroll view shows its indicator, a third of its height at the top")
        host.press(.down)
        host.press(.down)
        host.runFrame()
        #expect(host.text.hasPrefix("line 3\nline 4\nline 5\n"))
        for _ in 0..<5 { host.press(.down) }
        host.runFrame()
        #expect(host.text.hasPrefix("line 8\nline 9\nline 10\n"), "scrolling stops at the end")
        #expect(host.markup.contains("line 10{inverse} {}"), "the indicator is at the bottom")
        host.press(.down)
        host.runFrame()
        #expect(host.markup.contains("{inverse}ok{}"), "at the end, ↓ moves the focus on")
        host.press(.up)
        host.press(.up)
        host.runFrame()
        #expect(host.text.hasPrefix("line 7\n"), "back in the scroll view, ↑ scrolls it")
    }

    @Test func aScrollViewWithAControlInsideIsNotFocusableItself() {
        let host = ViewHost(ScrollView { VStack { Text("about"); Button("go") {} } }, width: 6, height: 3)
        host.press(.tab)
        host.runFrame()
        #expect(host.markup.contains("{inverse}go{}"))
    }
}
