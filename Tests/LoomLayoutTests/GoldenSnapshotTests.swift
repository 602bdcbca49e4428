import LoomCells
import LoomGraph
import LoomLayout
import Testing

// Golden snapshots: each primitive and modifier rendered at a size, as a viewer would see it
// (`render` is in Rendering.swift).

@Suite("Golden snapshots: text")
struct TextSnapshots {
    @Test func plainWrappedAndAlignedText() {
        #expect(render(Text("hello"), 10, 1) == "hello")
        #expect(render(Text("the quick brown fox").frame(width: 10), 12, 3) == "the quick\nbrown fox")
        #expect(render(Text("ab cd\nlonger line").multilineTextAlignment(.trailing).frame(width: 11, alignment: .leading), 12, 2) == "      ab cd\nlonger line")
        #expect(render(Text("ab cd\nlonger line").multilineTextAlignment(.center).frame(width: 11), 12, 2) == "   ab cd\nlonger line")
    }

    @Test func lineLimitAndTruncationModes() {
        #expect(render(Text("one two three four").lineLimit(1).frame(width: 10), 10, 1) == "one two t…")
        #expect(render(Text("one two three four").lineLimit(1).truncationMode(.head).frame(width: 10), 10, 1) == "…hree four")
        #expect(render(Text("one two three four").lineLimit(1).truncationMode(.middle).frame(width: 10), 10, 1) == "one t…four")
        #expect(render(Text("one two three four five").lineLimit(2).frame(width: 10), 10, 3) == "one two\nthree fou…")
    }

    @Test func wideClustersAtLineEndsMoveToTheNextLine() {
        #expect(render(Text("abc日本").frame(width: 4, alignment: .leading), 4, 2) == "abc\n日本")
        #expect(render(Text("ab👨‍👩‍👧🇰🇷").frame(width: 3, alignment: .leading), 4, 3) == "ab\n👨‍👩‍👧\n🇰🇷")
        #expect(render(Text("cafe\u{301} ok").frame(width: 4, alignment: .leading), 4, 2) == "cafe\u{301}\nok")
    }

    @Test func wideClustersClippedAtTheScreenEdgeBecomeSpaces() {
        #expect(render(HStack(spacing: 0) { Text("abc").fixedSize(); Text("日本").fixedSize() }, 4, 1) == "abc")
        #expect(render(Text("日本語").fixedSize(), 5, 1) == "日本")
    }
}

@Suite("Golden snapshots: stacks, spacers, dividers, frames")
struct LayoutSnapshots {
    @Test func stacksWithSpacingAndAlignment() {
        #expect(render(VStack(alignment: .leading, spacing: 1) { Text("a"); Text("bbb") }, 5, 3) == "a\n\nbbb")
        #expect(render(VStack(alignment: .trailing) { Text("a"); Text("bbb") }, 5, 2) == "  a\nbbb")
        #expect(render(VStack { Text("a"); Text("bbb") }, 5, 2) == " a\nbbb")
        #expect(render(HStack(alignment: .bottom, spacing: 2) { Text("a\nb"); Text("c") }, 6, 2) == "a\nb  c")
    }

    @Test func spacersTakeTheRestAndDividersFollowTheStack() {
        #expect(render(HStack { Text("left"); Spacer(); Text("right") }, 14, 1) == "left     right")
        #expect(render(VStack(alignment: .leading) { Text("up"); Divider(); Text("down") }, 6, 3) == "up\n──────\ndown")
        #expect(render(HStack { Text("a"); Divider(); Text("b") }.frame(height: 2, alignment: .top), 5, 2) == "a │ b\n  │")
        #expect(render(HStack(spacing: 0) { Text("a"); Divider(); Text("b") }, 3, 1) == "a│b")
        #expect(render(HStack { Text("a"); Spacer(minLength: 3); Text("b") }.fixedSize(), 10, 1) == "a     b")
    }

    @Test func framesZStacksOverlaysAndFixedSize() {
        #expect(render(Text("x").frame(width: 5, height: 3, alignment: .bottomTrailing), 5, 3) == "\n\n    x")
        #expect(render(Text("x").frame(maxWidth: .max, alignment: .center), 7, 1) == "   x")
        #expect(render(Text("wide text").frame(minWidth: 2, maxWidth: 4), 10, 3) == "wide\ntext")
        #expect(render(ZStack(alignment: .topLeading) { Text("....."); Text("ab") }, 5, 1) == "ab...")
        #expect(render(Text("base text").overlay(alignment: .trailing) { Text("!") }, 9, 1) == "base tex!")
    }

    @Test func paddingBordersAndBackgrounds() {
        #expect(render(Text("x").padding(1), 3, 3) == "\n x")
        #expect(render(Text("hi").border(.blue), 4, 3) == "┌──┐\n│hi│\n└──┘")
        #expect(Snapshot.renderMarkup(Text("hi").bold().background(.blue), width: 4, height: 1) == "{bold bg=blue}hi{}")
        #expect(Snapshot.renderMarkup(Text("ok").foregroundColor(.rgb(255, 0, 16)).underline(), width: 2, height: 1) == "{underline fg=#ff0010}ok{}")
        #expect(Snapshot.renderMarkup(HStack { Text("a").italic(); Text("b").strikethrough().dim(); Color.palette(200).frame(width: 1) }, width: 5, height: 1)
                == "{italic}a{} {dim strikethrough}b{} {bg=200} {}")
    }

    /// Markup names colours and attributes as `style` messages do, and doubles literal braces.
    @Test func markupUsesTheProtocolsNamesAndDoublesLiteralBraces() {
        #expect(Snapshot.renderMarkup(Text("{x}").foregroundColor(.gray), width: 3, height: 1) == "{fg=bright_black}{{x}}{}")
        #expect(Snapshot.renderMarkup(Text("a{b"), width: 3, height: 1) == "a{{b")
    }
}

private struct Controls: View {
    @State private var on = true
    @State private var choice = 2
    var body: some View {
        VStack(alignment: .leading) {
            Button("Deploy") {}
            Toggle("verbose", isOn: $on)
            Picker("level", selection: $choice) { ForEach(1...3, id: \.self) { Text("L\($0)") } }
            NavigationLink("details", value: 1)
        }
    }
}

@Suite("Golden snapshots: controls, scrolling, lists, navigation")
struct ControlSnapshots {
    @Test func controlsDrawTheirState() {
        #expect(render(NavigationStack { Controls() }, 20, 4) == "Deploy\n[x] verbose\nlevel: ‹ L2 ›\ndetails ›")
    }

    @Test func scrollViewsClipTheirContent() {
        let view = VStack(alignment: .leading) {
            Text("header")
            ScrollView { VStack(alignment: .leading) { ForEach(0..<10) { Text("line \($0)") } } }.frame(height: 3)
            Text("footer")
        }
        #expect(render(view, 10, 5) == "header\nline 0\nline 1\nline 2\nfooter")
        #expect(render(ScrollView(.horizontal) { Text("a very long line") }.frame(width: 6), 8, 1) == "a very")
    }

    @Test func listsSeparateTheirRows() {
        #expect(render(List(0..<3, id: \.self) { Text("row \($0)") }, 8, 5) == "row 0\n────────\nrow 1\n────────\nrow 2")
    }

    @Test func aSqueezedListDrawsNoSeparatorOutsideItsFrame() {
        let view = VStack(spacing: 0) {
            List(0..<5, id: \.self) { Text("row \($0)") }
            Text("below 1")
            Text("below 2")
        }
        #expect(render(view, 8, 4) == "row 0\n────────\nbelow 1\nbelow 2")
        #expect(render(view, 8, 3) == "row 0\nbelow 1\nbelow 2", "no separator after the last row shown")
        #expect(render(view, 8, 2) == "below 1\nbelow 2", "a list given no rows draws nothing")
    }
}

@Suite("Golden snapshots: more containers and edges")
struct MoreSnapshots {
    @Test func lazyHStacksAndGroupsLayOutLikeTheirEagerForms() {
        #expect(render(LazyHStack { ForEach(0..<3) { Text("c\($0)") } }, 12, 1) == "c0 c1 c2")
        #expect(render(VStack(alignment: .leading) { Group { Text("a"); Text("b") }; Text("c") }, 3, 3) == "a\nb\nc")
    }

    @Test func flagsAndCombiningMarksAtTheClippingEdge() {
        #expect(render(HStack(spacing: 0) { Text("ab").fixedSize(); Text("🇰🇷🇯🇵").fixedSize() }, 5, 1) == "ab🇰🇷")
        #expect(render(HStack(spacing: 0) { Text("abc").fixedSize(); Text("🇰🇷").fixedSize() }, 4, 1) == "abc")
        #expect(render(Text("e\u{301}e\u{301}e\u{301}").frame(width: 2, alignment: .leading), 2, 2) == "e\u{301}e\u{301}\ne\u{301}")
    }
}

/// A card: the content padded and bordered, with a title above it.
private struct Card: ViewModifier {
    let title: String
    func body(content: Content) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(title).bold()
            content.padding(.horizontal, 1).border(.blue)
        }
    }
}

@Suite("Golden snapshots: modifiers of your own")
struct ViewModifierSnapshots {
    @Test func aModifiersBodyIsDrawnAroundItsContent() {
        #expect(render(Text("hi").modifier(Card(title: "job")), 8, 4) == "job\n┌────┐\n│ hi │\n└────┘")
        #expect(render(VStack(spacing: 0) { Text("a").modifier(Card(title: "one")); Text("b") }, 8, 5) == "one\n┌───┐\n│ a │\n└───┘\n  b")
    }
}

@Suite("Golden snapshots: fonts, styles, disabled and hidden views, button roles")
struct EverydayModifierSnapshots {
    @Test func fontsAreTheAttributesATerminalHas() {
        #expect(markup(VStack(alignment: .leading, spacing: 0) {
            Text("Title").font(.title)
            Text("body").font(.body)
            Text("note").font(.caption)
            Text("code").font(.body.monospaced().italic())
            Text("loud").font(.caption.bold())
        }, 8, 5) == "{bold}Title{}\nbody\n{dim}note{}\n{italic}code{}\n{bold}loud{}")
        #expect(markup(HStack { Text("a").fontWeight(.semibold); Text("b").fontWeight(.light); Text("c").fontWeight(.regular) }, 8, 1)
                == "{bold}a{} {dim}b{} c")
        #expect(markup(Text("x").font(nil), 2, 1) == "x")
    }

    @Test func foregroundStyleIsAColour() {
        #expect(markup(Text("hint").foregroundStyle(.secondary), 6, 1) == "{fg=bright_black}hint{}")
        #expect(markup(Text("hint").foregroundStyle(.orange), 6, 1) == "{fg=#ff9500}hint{}")
    }

    @Test func primaryIsTheTerminalsOwnTextColourAndUndoesAColourAroundIt() {
        #expect(markup(HStack { Text("a").foregroundStyle(.primary); Text("b").foregroundColor(.primary); Text("c") }.foregroundColor(.red), 5, 1)
                == "a b {fg=red}c{}")
    }

    @Test func disabledViewsAreDimHiddenOnesKeepTheirPlaceAndOpacityDims() {
        #expect(markup(VStack(alignment: .leading, spacing: 0) { Button("save") {}.disabled(true); Button("quit") {}.disabled(false) }, 6, 2)
                == "{dim}save{}\nquit")
        #expect(markup(VStack(spacing: 0) { Text("a").hidden(); Text("b") }, 3, 2) == "\nb", "the hidden row keeps its place")
        #expect(markup(HStack(spacing: 0) { Text("x").opacity(0.5); Text("y").opacity(0); Text("z").opacity(1) }, 3, 1) == "{dim}x{} z", "y takes its cell, blank")
    }

    @Test func aDestructiveButtonIsRed() {
        #expect(markup(HStack { Button("delete", role: .destructive) {}; Button("cancel", role: .cancel) {} }, 16, 1)
                == "{fg=red}delete{} cancel")
    }
}

@Suite("Golden snapshots: gauges, sparklines, logs, status lines")
struct BoardWidgetSnapshots {
    @Test func aGaugeFillsItsBarToWhereTheValueSitsInItsRange() {
        #expect(render(Gauge(value: 0.5, in: 0...2) { Text("load") } currentValueLabel: { Text("0.50") }, 20, 1) == "load ██▌░░░░░░░ 0.50")
        #expect(render(Gauge(value: 3.0, in: 0...2) { Text("x") }, 7, 1) == "x █████", "past the range: full")
        #expect(render(Gauge(value: -1.0) { Text("x") }, 7, 1) == "x ░░░░░", "below it: empty")
    }

    @Test func aSparklineScalesItsValuesToBlocksNewestAtTheRightAndKeepsTheNewestWhenNarrow() {
        #expect(render(Sparkline([0, 1, 2, 3, 4, 5, 6, 7]), 10, 1) == "▁▂▃▄▅▆▇█")
        #expect(render(Sparkline([0.5, 0.5, 0.5]), 5, 1) == "▁▁▁", "a flat series sits at the bottom")
        #expect(render(Sparkline([0.0, 1, 2], in: 0...1), 5, 1) == "▁██", "past the range: its edge")
        #expect(render(Sparkline([0.0, .nan, 1]), 5, 1) == "▁ █", "not finite: a gap")
        #expect(render(Sparkline([0, 1, 2, 3, 4, 5, 6, 7]).frame(width: 4), 4, 1) == "…▆▇█", "narrow: the newest stay")
        #expect(render(Sparkline((0..<5_000).map(Double.init)).fixedSize(), 2_000, 1).count == Sparkline.maximumValues, "the newest maximumValues")
    }

    @Test func aStatusLineAlongTheBottomEdgeStaysInViewBelowAListOfAnyLength() {
        let board = List(1...100, id: \.self) { Text("job \($0)") }
            .safeAreaInset(edge: .bottom) {
                HStack { Text("100 jobs"); Spacer(); Text("3 failed").foregroundColor(.red) }.background(.gray)
            }
        #expect(markup(board, 20, 4) == "job 1\n{dim}────────────────────{}\njob 2\n{bg=bright_black}100 jobs    {fg=red bg=bright_black}3 failed{}")
        #expect(render(Text("title").safeAreaInset(edge: .top, spacing: 1) { Text("headers") }, 10, 3) == "headers\n\n title", "above, centred, a cell apart")
        #expect(render(Text("body").safeAreaInset(edge: .leading) { Text("│") }, 10, 1) == "│body")
        #expect(render(Text("body").safeAreaInset(edge: .trailing, spacing: 1) { Text("»") }, 10, 1) == "body »")
    }

    @Test func aLogViewShowsItsTailOldestFirstWithTheNewestInViewOnAShortScreen() {
        let lines = (1...10).map { "line \($0)" }
        #expect(render(LogView(lines, id: \.self, tail: 3) { Text($0) }, 10, 3) == "line 8\nline 9\nline 10")
        #expect(render(LogView(lines, id: \.self, tail: 5) { Text($0) }, 10, 2) == "line 9\nline 10", "short: the oldest give way")
        #expect(render(LogView(Array(lines.prefix(2)), id: \.self, tail: 5) { Text($0) }, 10, 3) == "\nline 1\nline 2", "few: at the bottom")
    }
}
