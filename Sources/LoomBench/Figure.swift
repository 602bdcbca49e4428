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
