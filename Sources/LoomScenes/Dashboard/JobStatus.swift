import LoomCells
import LoomGraph
import LoomJSON

/// A job's `status` member: what the board counts and colours.
enum JobStatus: String, CaseIterable {
    case queued, running, ok, failed

    /// A job's `status` member; nil when missing or not one of the four (shown as "?").
    init?(_ status: JSONValue?) {
        guard let text = status?.stringValue, let status = JobStatus(rawValue: text) else { return nil }
        self = status
    }

    var color: Color {
        switch self {
        case .queued: .gray
        case .running: .cyan
        case .ok: .green
        case .failed: .red
        }
    }

    var symbol: String {
        switch self {
        case .queued: "·"
        case .running: "▸"
        case .ok: "✓"
        case .failed: "✗"
        }
    }
}
