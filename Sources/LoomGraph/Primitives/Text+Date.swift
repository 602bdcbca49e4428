import Foundation

extension Text {
    /// A date shown in `style`, kept current as the clock moves, as SwiftUI's is: a relative
    /// time or a timer changes every second, a time every minute.
    public init(_ date: Date, style: DateStyle) {
        self.init(runs: [Run(.date(date, style))])
    }

    /// How `Text(_:style:)` shows a date, in the daemon's locale and time zone.
    ///
    /// | style | shows |
    /// |---|---|
    /// | `.time` | `3:07 PM` |
    /// | `.date` | `2 December 2026` |
    /// | `.relative` | `3 min, 10 secs`: the time to or since the date |
    /// | `.offset` | `+3 min, 10 secs`, `-47 secs`: signed, + for a date past |
    /// | `.timer` | `3:10`, `1:02:05`: a stopwatch's time to or since the date |
    public struct DateStyle: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            case time, date, relative, offset, timer
        }

        let kind: Kind

        public static let time = DateStyle(kind: .time)
        public static let date = DateStyle(kind: .date)
        public static let relative = DateStyle(kind: .relative)
        public static let offset = DateStyle(kind: .offset)
        public static let timer = DateStyle(kind: .timer)

        /// How often what is shown changes: how long the clock of a text in this style waits.
        var tick: Duration {
            switch kind {
            case .time, .date: .seconds(60)
            case .relative, .offset, .timer: .seconds(1)
            }
        }

        package func string(for date: Date, now: Date) -> String {
            // Whole seconds: a text does not show the fractions its clock cannot keep up with.
            // Any date, however far: the seconds are clamped to what an Int64 holds.
            let elapsed = now.timeIntervalSince(date)
            let seconds = elapsed.isFinite ? Int64(Swift.max(Swift.min(elapsed.rounded(.towardZero), 9e18), -9e18)) : 0
            let magnitude = Duration.seconds(seconds.magnitude)
            switch kind {
            case .time:
                return date.formatted(date: .omitted, time: .shortened)
            case .date:
                return date.formatted(date: .long, time: .omitted)
            case .relative:
                return magnitude.formatted(Self.units)
            case .offset:
                return (seconds < 0 ? "-" : "+") + magnitude.formatted(Self.units)
            case .timer:
                return magnitude.formatted(.time(pattern: seconds.magnitude >= 3600 ? .hourMinuteSecond : .minuteSecond))
            }
        }

        private static let units = Duration.UnitsFormatStyle(allowedUnits: [.days, .hours, .minutes, .seconds], width: .abbreviated,
                                                              maximumUnitCount: 2)
    }

    /// Whether a run follows the clock; the step of the fastest one.
    var clockTick: Duration? {
        guard case .runs(let runs) = content else { return nil }
        var tick: Duration?
        for run in runs {
            if case .date(_, let style) = run.content { tick = min(tick ?? style.tick, style.tick) }
        }
        return tick
    }
}

/// The clock of a text that shows a date: a task on the graph's executor that invalidates the
/// text's node at each step, so its string is made again from the time (the node's value is
/// unchanged; only what it shows moves). One per such text while it lives; none for others.
enum TextClock {
    static func follow(_ text: Text, in node: Node) {
        let graph = node.graph
        guard let tick = text.clockTick else {
            // Most graphs run no task: a text that never had a clock costs one emptiness test.
            if !graph.tasks.isEmpty { graph.stopTask(for: node) }
            return
        }
        guard !graph.hasTask(for: node) else { return }
        let target = WeakNode(node)
        graph.startTask(for: node, TaskOperation {
            while true {
                try await Task.sleep(for: tick)
                guard let node = target.node, node.isAlive else { return }
                node.graph.invalidate(node, cause: .clock)
            }
        })
    }

    /// The node, for the task that runs only on its graph's executor, on the graph's thread:
    /// what makes sending it sound.
    private struct WeakNode: @unchecked Sendable {
        weak var node: Node?
        init(_ node: Node) { self.node = node }
    }
}
