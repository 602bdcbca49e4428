import Foundation

/// What a callgrind output file counts: the instructions in all, and those each function
/// executed itself (not in its callees), by the function's symbol as the linker knows it; with
/// callgrind's cache simulation, the lines of code and of data that missed its last level.
///
/// The file's format (valgrind's "Callgrind Format Specification"): `fn=` starts a function's
/// cost lines, `cfn=` and `calls=` say that the next cost line is a call's (inclusive, so not the
/// function's own); a name is given once as `(id) name`, then as `(id)` alone.
struct CallgrindProfile {
    let ownInstructions: [String: Int]
    /// Every event's total (`Ir`, and with `--cache-sim=yes` `ILmr`, `DLmr`, `DLmw`…).
    let totals: [Substring: Int]

    /// Instructions in all (a file without them is refused).
    var total: Int { totals["Ir"] ?? 0 }

    /// Lines of code that missed the simulated last level (nil without the simulation).
    var codeLinesMissed: Int? { totals["ILmr"] }
    /// Lines of code and data that missed it, read or written.
    var linesMissed: Int? { totals["ILmr"].map { $0 + (totals["DLmr"] ?? 0) + (totals["DLmw"] ?? 0) } }

    init(contentsOf path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw BenchFailure("callgrind wrote no \(path)") }
        var names: [Substring: Substring] = [:]
        var own: [String: Int] = [:]
        var totals: [Substring: Int] = [:]
        var events: [Substring] = []
        var function: String?
        var nextIsCall = false
        func name(_ field: Substring) -> Substring {
            guard field.first == "(", let close = field.firstIndex(of: ")") else { return field }
            let id = field[...close]
            let rest = field[field.index(after: close)...].drop { $0 == " " }
            if !rest.isEmpty { names[id] = rest }
            return names[id] ?? field
        }
        for line in text.split(separator: "\n") {
            if line.hasPrefix("fn=") {
                function = String(name(line.dropFirst(3)))
                nextIsCall = false
            } else if line.hasPrefix("cfn=") {
                _ = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                nextIsCall = true
            } else if let first = line.first, first.isNumber || first == "+" || first == "-" || first == "*" {
                defer { nextIsCall = false }
                guard !nextIsCall, let function, let cost = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { continue }
                own[function, default: 0] += cost
            } else if line.hasPrefix("events:") {
                events = Array(line.split(separator: " ").dropFirst())
            } else if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
                for (event, count) in zip(events, line.split(separator: " ").dropFirst()) { totals[event] = Int(count) }
            }
        }
        guard totals["Ir"] != nil else { throw BenchFailure("no totals in \(path)") }
        self.totals = totals
        ownInstructions = own
    }

    /// The functions that ran for the updates `longer` has over `shorter` (two runs that differ
    /// only in their number of updates), most instructions first: what one update runs.
    static func functionsRun(from shorter: CallgrindProfile, to longer: CallgrindProfile) -> [String] {
        longer.ownInstructions
            .map { (function: $0.key, instructions: $0.value - (shorter.ownInstructions[$0.key] ?? 0)) }
            .filter { $0.instructions > 0 }
            .sorted { ($0.instructions, $1.function) > ($1.instructions, $0.function) }
            .map(\.function)
    }
}
