import Foundation
import LoomGraph
import LoomLayout
import Testing

/// `.task`: started when a view appears, run on the graph's thread between passes, cancelled
/// when it goes.
@Suite("Tasks")
struct TaskTests {
    private final class Events: @unchecked Sendable {
        var log: [String] = []
    }

    private struct Ticker: View {
        let ticks: AsyncStream<Int>
        let events: Events
        @State private var last = 0

        var body: some View {
            Text("tick \(last)")
                .task {
                    for await tick in ticks { last = tick }
                    events.log.append(Task.isCancelled ? "cancelled" : "ended")
                }
        }
    }

    private struct Host: View {
        let ticks: AsyncStream<Int>
        let events: Events
        @State var shown = true

        var body: some View {
            VStack {
                if shown { Ticker(ticks: ticks, events: events) }
                Button("hide") { shown = false }
            }
        }
    }

    @Test func aTaskWritesStateOnTheGraphsThreadAndEndsWhenItsViewGoes() {
        let (ticks, feed) = AsyncStream.makeStream(of: Int.self)
        let events = Events()
        let host = ViewHost(Host(ticks: ticks, events: events), width: 10, height: 2)
        host.runFrame()
        #expect(host.text.hasPrefix("tick 0"))
        feed.yield(1)
        feed.yield(2)
        host.runFrame()
        #expect(host.text.hasPrefix("tick 2"), "the values arrived in one frame's jobs: \(host.text)")
        host.press(.tab)
        host.press(.enter)
        host.runFrame()
        host.runFrame()
        #expect(events.log == ["cancelled"], "the view went, so did its task")
        #expect(!host.text.contains("tick"))
    }

    @Test func aTaskWithAnIDStartsAgainWhenTheIDChanges() {
        struct Loader: View {
            let events: Events
            @State var page = 1
            var body: some View {
                Button("next \(page)") { page += 1 }
                    .task(id: page) { events.log.append("load \(page)") }
            }
        }
        let events = Events()
        let host = ViewHost(Loader(events: events), width: 10, height: 1)
        host.runFrame()
        host.runFrame()
        #expect(events.log == ["load 1"])
        host.press(.tab)
        host.press(.enter)
        host.runFrame()
        host.runFrame()
        #expect(events.log == ["load 1", "load 2"])
    }

    @Test func aClockTicksFromTaskSleepAndEndsWhenTheGraphGoes() {
        struct Clock: View {
            let events: Events
            @State var seconds = 0
            var body: some View {
                Text("\(seconds) s").task {
                    defer { events.log.append("ended") }
                    while true {
                        try await Task.sleep(for: .milliseconds(5))
                        seconds += 1
                    }
                }
            }
        }
        let events = Events()
        var host: ViewHost? = ViewHost(Clock(events: events), width: 10, height: 1)
        #expect(host?.runFrames(until: { $0.text.hasPrefix("3 s") }) == true, "\(host?.text ?? "")")
        #expect(events.log.isEmpty)
        host = nil
        #expect(events.log == ["ended"], "the graph cancelled its task and let it end on its thread as it went")
    }
}
