import LoomGraph
import LoomLayout
import Testing

/// `ScrollViewReader` and `scrollTo`: the scroll view holding the view of an id scrolls to
/// show it, in each window that follows the request.
@Suite("ScrollViewReader")
struct ScrollViewReaderTests {
    private struct Log: View {
        let count: Int
        let lazy: Bool
        var body: some View {
            ScrollViewReader { proxy in
                VStack(alignment: .leading, spacing: 0) {
                    HStack {
                        Button("last") { proxy.scrollTo(count - 1) }
                        Button("middle") { proxy.scrollTo(count / 2, anchor: .center) }
                        Button("top") { proxy.scrollTo("top", anchor: .top) }
                    }
                    ScrollView {
                        if lazy {
                            LazyVStack(alignment: .leading, spacing: 0) {
                                Text("start").id("top")
                                ForEach(0..<count) { Text("line \($0)") }
                            }
                        } else {
                            VStack(alignment: .leading, spacing: 0) {
                                Text("start").id("top")
                                ForEach(0..<count) { Text("line \($0)") }
                            }
                        }
                    }
                }
            }
        }
    }

    private func lines(_ host: ViewHost) -> [String] {
        shown(host).split(separator: "\n").dropFirst().map(String.init)
    }

    @Test func scrollToShowsTheElementOfAnIDByAsLittleAsShowsItOrAtItsAnchor() {
        let host = ViewHost(Log(count: 50, lazy: false), width: 30, height: 5)
        host.press(.tab)
        host.press(.enter)
        #expect(lines(host).last == "line 49", "the last line at the bottom, scrolled no further: \(host.text)")
        host.press(.tab)
        host.press(.enter)
        #expect(lines(host) == ["line 24", "line 25", "line 26", "line 27"], "line 25 in the middle of four rows: \(lines(host))")
        host.press(.tab)
        host.press(.enter)
        #expect(lines(host).first == "start", "an `.id`'s view, at the top")
    }

    @Test func aRowALazyStackHasNotBuiltIsFoundInItsCollectionAndShownOnceBuilt() {
        let host = ViewHost(Log(count: 100_000, lazy: true), width: 30, height: 5)
        host.press(.tab)
        host.press(.enter)
        #expect(lines(host).last == "line 99999", "\(host.text)")
        host.press(.tab)
        host.press(.enter)
        #expect(lines(host) == ["line 49999", "line 50000", "line 50001", "line 50002"], "\(lines(host))")
    }

    @Test func aRequestIsFollowedOnceEachViewerThenScrollsAsItLikes() {
        let host = ViewHost(Log(count: 50, lazy: false), width: 30, height: 5)
        host.press(.tab)
        host.press(.enter)
        host.press(.wheel(lines: -3, row: 3, column: 0))
        #expect(lines(host).last == "line 46", "the wheel moves it again, and the request is not followed twice: \(host.text)")
    }

    @Test func anIDNothingHasScrollsNothing() {
        struct Missing: View {
            var body: some View {
                ScrollViewReader { proxy in
                    VStack(spacing: 0) {
                        Button("go") { proxy.scrollTo("nowhere") }
                        ScrollView { VStack(spacing: 0) { ForEach(0..<10) { Text("line \($0)") } } }
                    }
                }
            }
        }
        let host = ViewHost(Missing(), width: 10, height: 3)
        host.press(.tab)
        host.press(.enter)
        #expect(shown(host) == "    go\n  line 0\n  line 1")
    }
}
