import Foundation

/// One measured number, with what it means.
struct Figure {
    let key: String
    let value: Double
    let unit: String
    let meaning: String

    static func table(_ figures: [Figure]) -> String {
        let keyWidth = figures.map(\.key.count).max() ?? 0
        return figures.map { figure in
            let value = figure.value == figure.value.rounded() && abs(figure.value) < 1e15
                ? String(Int(figure.value)) : String(format: "%.2f", figure.value)
            return figure.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
                + "  " + value.leftPadded(to: 12) + " " + figure.unit.padding(toLength: 8, withPad: " ", startingAt: 0)
                + "  " + figure.meaning
        }.joined(separator: "\n")
    }

    static func json(_ figures: [Figure]) -> String {
        let object = Dictionary(uniqueKeysWithValues: figures.map { ($0.key, $0.value) })
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

/// Measurement helpers: medians of repeated runs, on the monotonic clock.
enum Measure {
    static func nanoseconds(_ work: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(work)
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }
}

/// What every scenario shares: the quick mode of the smoke tests, time conversions, failures.
enum Bench {
    /// `--quick`: tiny sizes and short runs, to check that each scenario works (the tests run it so).
    nonisolated(unsafe) static var quick = false
    /// `--viewers N`, `--mutations N`: fanout with those only (profiling one count of viewers).
    nonisolated(unsafe) static var viewers: Int?
    nonisolated(unsafe) static var mutations: Int?
    /// `--document`: with `--viewers`, the viewers attach the list declared as a scene document.
    nonisolated(unsafe) static var document = false
    /// `--hot-functions FILE`: where `instructions` writes the functions an update runs.
    nonisolated(unsafe) static var hotFunctions: String?

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    /// CPU time of the calling thread, in nanoseconds (what a frame costs, whatever else runs).
    static func threadCPUNanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    /// This program's own file, as the kernel ran it (`argv[0]` may be a bare name found on the
    /// path, or relative to a directory since left): what `instructions` runs again under
    /// callgrind and reads the symbols of.
    static let thisProgram = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0])

    /// A program built beside this one (`loom`, `loomd`): the real ones a scenario runs.
    static func program(_ name: String) -> URL {
        thisProgram.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// A scenario that could not run says so on standard error and gives no figures.
    static func failed(_ scenario: String, _ error: Error) -> Never {
        FileHandle.standardError.write(Data("loom-bench \(scenario): \(error)\n".utf8))
        exit(1)
    }
}

/// Why a scenario could not run.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
