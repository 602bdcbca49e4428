import Foundation
import Observation
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

    @Test func whatAnotherThreadSendsWhileAFrameIsMadeIsTheNextFramesWork() {
        let model = SharedCount()
        let (ticks, feed) = AsyncStream.makeStream(of: Int.self)
        let host = ViewHost(SendsDuringItsBody(model: model, ticks: ticks, feed: feed), width: 20, height: 3)
        host.runFrame()
        #expect(host.text == "model 0\ntask 0\npress 0")
        #expect(host.tap("press 0"))
        #expect(host.bodies(of: SendsDuringItsBody.self) == 1)
        #expect(host.bodies(of: ShowsModel.self) == 0, "the model changed on another thread after this frame began")
        #expect(host.bodies(of: ShowsTicks.self) == 0, "the task's job arrived from another thread after this frame began")
        #expect(host.text == "model 0\ntask 0\npress 1")
        host.runFrame()
        #expect(host.bodies(of: ShowsModel.self) == 1)
        #expect(host.bodies(of: ShowsTicks.self) == 1)
        #expect(host.text == "model 1\ntask 1\npress 1")
    }
}

@Observable
private final class SharedCount {
    var value = 0
}

private struct ShowsModel: View {
    let model: SharedCount
    var body: some View { Text("model \(model.value)") }
}

private struct ShowsTicks: View {
    let ticks: AsyncStream<Int>
    @State private var last = 0
    var body: some View {
        Text("task \(last)").task { for await tick in ticks { last = tick } }
    }
}

/// Once pressed, its body has another thread change the model and resume the task, and waits
/// for it: work sent from elsewhere in the middle of a frame, made certain.
private struct SendsDuringItsBody: View {
    let model: SharedCount
    let ticks: AsyncStream<Int>
    let feed: AsyncStream<Int>.Continuation
    @State private var presses = 0

    var body: some View {
        if presses > 0 {
            nonisolated(unsafe) let model = model
            let feed = feed
            let presses = presses
            let sent = DispatchSemaphore(value: 0)
            Thread {
                model.value = presses
                feed.yield(presses)
                sent.signal()
            }.start()
            sent.wait()
        }
        return VStack(alignment: .leading) {
            ShowsModel(model: model)
            ShowsTicks(ticks: ticks)
            Button("press \(presses)") { presses += 1 }
        }
    }
}
