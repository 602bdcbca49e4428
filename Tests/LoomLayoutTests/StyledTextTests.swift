import Foundation
import LoomCells
import LoomGraph
import LoomLayout
import Testing

/// Text as SwiftUI has it: parts of different styles joined with `+`, Markdown in literals,
/// formatted values, dates that follow the clock, tabs.
@Suite("Styled text")
struct StyledTextTests {
    @Test func textPlusTextKeepsEachPartsStyleAndWrapsAsOneText() {
        let text = Text("3").bold() + Text(" failed").foregroundColor(.red) + Text(" of 12")
        #expect(markup(text, 20, 1) == "{bold}3{fg=red} failed{} of 12")
        #expect(render(text.frame(width: 9), 9, 2) == "3 failed\nof 12", "the runs break as one text")
        #expect(markup(text.lineLimit(1).frame(width: 6), 6, 1) == "{bold}3{fg=red} fai…{}", "the … is in the style of the text it ends")
    }

    @Test func aModifierOnTheWholeTextReachesEveryPartButAPartsOwnColourOrFontWins() {
        let text = (Text("ok").foregroundColor(.green) + Text(" 2/3")).foregroundColor(.yellow).italic()
        #expect(markup(text, 10, 1) == "{italic fg=green}ok{italic fg=yellow} 2/3{}")
        let fonts = (Text("Jobs").font(.body) + Text(" 3")).font(.headline)
        #expect(markup(fonts, 10, 1) == "Jobs{bold} 3{}")
        // The views around a text style what its parts do not.
        #expect(markup((Text("a").bold() + Text("b")).foregroundColor(.blue).underline(), 4, 1) == "{bold underline fg=blue}a{underline fg=blue}b{}")
    }

    @Test func markdownInALiteralIsShownAndAStringValueIsShownAsItIs() {
        #expect(markup(Text("**3** jobs *queued*"), 20, 1) == "{bold}3{} jobs {italic}queued{}")
        #expect(markup(Text("~~old~~ `a*b*c` [docs](https://x.org)"), 20, 1) == "{strikethrough}old{} a*b*c {underline}docs{}")
        #expect(markup(Text("***both*** __strong__ _em_"), 20, 1) == "{bold italic}both{} {bold}strong{} {italic}em{}")
        let value = "**not markup**"
        #expect(render(Text(value), 20, 1) == "**not markup**")
        #expect(render(Text(verbatim: "*x*"), 20, 1) == "*x*")
        #expect(markup(Text("**\(value)**"), 20, 1) == "{bold}**not markup**{}", "an interpolated value is shown as it is, in the markup's style")
    }

    @Test func delimitersThatCannotOpenOrCloseAreShownAsTheyAre() {
        #expect(render(Text("snake_case_name"), 20, 1) == "snake_case_name")
        #expect(render(Text("2 * 3 * 4"), 20, 1) == "2 * 3 * 4")
        #expect(render(Text("a *b"), 20, 1) == "a *b")
        #expect(render(Text("\\*not\\* [x] `open"), 20, 1) == "*not* [x] `open")
        #expect(markup(Text("**bold *both***"), 20, 1) == "{bold}bold {bold italic}both{}")
    }

    @Test func anInterpolatedTextKeepsItsStyleAndFormatsAreWrittenByFoundation() {
        #expect(markup(Text("load \(Text("high").bold())"), 12, 1) == "load {bold}high{}")
        #expect(render(Text(0.256, format: .percent), 10, 1) == "25.6%")
        #expect(render(Text(3.14159, format: .number.precision(.fractionLength(2))), 10, 1) == "3.14")
        #expect(render(Text("\(1234567, format: .number) rows"), 20, 1) == "1,234,567 rows")
    }

    @Test func tabsMoveToTheNextStopOfEightCells() {
        #expect(render(Text("a\tb"), 20, 1) == "a       b")
        #expect(render(Text(verbatim: "name\tstatus\nweb-01\tok"), 20, 2) == "name    status\nweb-01  ok")
        #expect(render(Text("12345678\tx"), 20, 1) == "12345678        x", "a tab at a stop moves a whole stop")
    }

    @Test func aDateIsShownInItsStyle() {
        let now = Date()
        let style = { (style: Text.DateStyle, offset: TimeInterval) in style.string(for: now.addingTimeInterval(offset), now: now) }
        #expect(style(.relative, -190) == "3 min, 10 secs")
        #expect(style(.relative, 190) == "3 min, 10 secs", "a date to come counts down")
        #expect(style(.offset, -47) == "+47 secs")
        #expect(style(.offset, 47) == "-47 secs")
        #expect(style(.timer, -190) == "3:10")
        #expect(style(.timer, -3725) == "1:02:05")
        #expect(style(.relative, .infinity).isEmpty == false, "any date shows something")
        let midnight = Date(timeIntervalSince1970: 0)
        #expect(Text.DateStyle.date.string(for: midnight, now: now) == midnight.formatted(date: .long, time: .omitted))
        #expect(Text.DateStyle.time.string(for: midnight, now: now) == midnight.formatted(date: .omitted, time: .shortened))
    }

    @Test func aDateTextFollowsTheClockAndItsClockEndsWithIt() {
        struct Since: View {
            let start: Date
            @State var shown = true
            var body: some View {
                VStack {
                    if shown { Text("up \(start, style: .timer)") }
                    Button("hide") { shown = false }
                }
            }
        }
        let host = ViewHost(Since(start: Date().addingTimeInterval(-58)), width: 12, height: 2)
        host.runFrame()
        #expect(host.text.hasPrefix("up 0:58"), "\(host.text)")
        // The seconds shown ("up M:SS"). A loaded machine may show a second late, or skip one,
        // so the rule is checked against what was shown, not against the wall clock.
        func shown(_ host: ViewHost) -> Int {
            let parts = host.text.dropFirst(3).prefix { $0 != "\n" && $0 != " " }.split(separator: ":").compactMap { Int($0) }
            return parts.count == 2 ? parts[0] * 60 + parts[1] : 0
        }
        var evaluations: [ViewHost.Evaluation] = []
        #expect(host.runFrames(until: { host in
            evaluations += host.evaluations
            return shown(host) >= 60
        }, timeout: .seconds(30)), "\(host.text)")
        #expect(evaluations.map(\.description).allSatisfy { $0.hasPrefix("Text#") && $0.hasSuffix(": @clock") }, "only the text, by its clock: \(evaluations)")
        #expect((1...max(1, shown(host) - 58)).contains(evaluations.count), "at most once a second shown: \(evaluations.count) for \(host.text)")
        #expect(host.graph.runningTasks == 1)
        host.press(.tab)
        host.press(.enter)
        host.runFrame()
        #expect(host.graph.runningTasks == 0, "the text went, so did its clock")
    }

    /// A run with a newline or a tab breaks the text's lines and stops as a plain text of the
    /// same characters does; a run without one joins the line it is on, in its own style.
    @Test func runsBreakLinesAndTabStopsAsTheirCharactersDo() {
        let parts = ["name", "\tstatus\nweb", "-01\t", "ok", "\n", "x"]
        let runs = parts.map { StyledText.Run(string: $0, attributes: [], foreground: nil) }
        let styled = LineBreaker.lines(.styled(StyledText(runs: runs)), width: nil)
        #expect(styled.map(\.text) == LineBreaker.lines(parts.joined(), width: nil).map(\.text))
        #expect(styled.map(\.text) == ["name    status", "web-01  ok", "x"])
        #expect(styled[1].clusters.map(\.run) == [1, 1, 1, 2, 2, 2, 2, 2, 3, 3], "the tab's spaces in its run")
    }

    @Test func aTextOfMoreRunsThanClustersCanTellApartGivesTheRestTheLastStyle() {
        let runs = (0..<(LineBreaker.maximumRuns + 10)).map { StyledText.Run(string: "x", attributes: $0 % 2 == 0 ? .bold : [], foreground: nil) }
        let lines = LineBreaker.lines(.styled(StyledText(runs: runs)), width: nil)
        #expect(lines.count == 1)
        #expect(lines[0].clusters.count == runs.count)
        #expect(lines[0].clusters.last?.run == UInt16.max)
    }
}
