/// Problems the graph survived instead of crashing on: bad input is reported, never fatal.
///
/// The log is bounded (the newest `capacity` entries); the counts are exact.
package final class Diagnostics {
    package enum Kind: String, Hashable, Sendable {
        /// Two elements of one `ForEach` have the same id; both are shown, told apart by occurrence.
        case duplicateID
        /// `@State` was written while a body was being evaluated; the write was ignored.
        case stateWrittenDuringEvaluation
        /// A node was invalidated again in the pass that already evaluated it; it waits for the next pass.
        case invalidationLoop
        /// A model was changed on another thread than the graph's; the change was delivered on the graph's thread.
        case mutationOffGraphThread
        /// A `NavigationLink` was activated with nowhere to go: its value's type has no
        /// `navigationDestination(for:)` in its stack, or it is in no `NavigationStack`.
        case navigationDestinationMissing
    }

    package struct Entry: Sendable, CustomStringConvertible {
        package let kind: Kind
        package let pass: Int
        package let message: String
        package var description: String { "[\(kind.rawValue)] pass \(pass): \(message)" }
    }

    package static let capacity = 256
    package private(set) var entries: [Entry] = []
    package private(set) var counts: [Kind: Int] = [:]
    /// Called for each report (the daemon logs them).
    package var onReport: ((Entry) -> Void)?

    package func count(_ kind: Kind) -> Int { counts[kind, default: 0] }

    func report(_ kind: Kind, pass: Int, _ message: String) {
        let entry = Entry(kind: kind, pass: pass, message: message)
        counts[kind, default: 0] += 1
        if entries.count == Self.capacity { entries.removeFirst(Self.capacity / 4) }
        entries.append(entry)
        onReport?(entry)
    }
}
