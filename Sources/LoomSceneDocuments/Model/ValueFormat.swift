import Foundation
import LoomJSON

/// How a placeholder shows its value (`{load|decimals:2}`): a closed list, each a pure function
/// of one value, so a format can be checked when the document is applied and never surprises
/// at run time. A value of the wrong type for its format reads as nil (shown as a warning).
public enum ValueFormat: Sendable, Hashable {
    /// A number with N digits after the point (`decimals:2` → `0.42`).
    case decimals(Int)
    /// A number rounded to a whole one.
    case integer
    /// A ratio as a percentage with N decimals (`percent` → `42%`, `percent:1` → `41.7%`).
    case percent(Int)
    /// A byte count in IEC units (`1.5 MiB`).
    case bytes
    /// Seconds as a duration (`42s`, `3m 05s`, `1h 02m`, `2d 03h`).
    case duration
    /// Unix seconds (or RFC 3339 text) as a UTC time of day (`14:03:27`).
    case time
    /// The time since (or until) a moment, Unix seconds or RFC 3339 text, kept current as the
    /// clock moves, as SwiftUI's `Text(_:style: .relative)`: `3 min, 10 secs`.
    case relative
    /// The value as JSON text (`{"a":1}`, `"text"` with its quotes).
    case json

    /// Every format's name, for messages and suggestions.
    public static let names = ["decimals", "integer", "percent", "bytes", "duration", "time", "relative", "json"]

    /// The largest N `decimals` and `percent` take.
    static let maximumDecimals = 12

    /// Reads `name` or `name:argument`; a message saying what is wrong otherwise.
    static func parse(_ written: String) -> Result<ValueFormat, FormatError> {
        let parts = written.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
        func digits(_ default: Int) -> Result<Int, FormatError> {
            guard let argument else { return .success(`default`) }
            guard let count = Int(argument), (0...maximumDecimals).contains(count) else {
                return .failure(FormatError(message: "\"\(name)\" takes a count of decimals 0…\(maximumDecimals), not \"\(argument)\"", suggestion: nil))
            }
            return .success(count)
        }
        func none(_ format: ValueFormat) -> Result<ValueFormat, FormatError> {
            argument == nil ? .success(format) : .failure(FormatError(message: "\"\(name)\" takes no argument", suggestion: nil))
        }
        switch name {
        case "decimals": return digits(2).map(ValueFormat.decimals)
        case "percent": return digits(0).map(ValueFormat.percent)
        case "integer": return none(.integer)
        case "bytes": return none(.bytes)
        case "duration": return none(.duration)
        case "time": return none(.time)
        case "relative": return none(.relative)
        case "json": return none(.json)
        default:
            return .failure(FormatError(message: "unknown format \"\(name)\"; formats: " + names.joined(separator: ", "),
                                        suggestion: Suggestion.nearest(to: name, among: names)))
        }
    }

    struct FormatError: Error {
        let message: String
        let suggestion: String?
    }

    /// The value shown, or nil when the value is not of the format's type.
    public func format(_ value: JSONValue) -> String? {
        if case .json = self { return value.description }
        if case .time = self, let date = Self.moment(value) { return Self.time(date.timeIntervalSince1970) }
        guard let number = value.doubleValue, number.isFinite else { return nil }
        switch self {
        case .decimals(let count): return String(format: "%.\(count)f", number)
        case .integer: return String(format: "%.0f", number)
        case .percent(let count): return String(format: "%.\(count)f%%", number * 100)
        case .bytes: return Self.bytes(number)
        case .duration: return Self.duration(number)
        case .time: return Self.time(number)
        case .relative: return Self.moment(value).map { Self.duration($0.timeIntervalSinceNow.magnitude.rounded(.down)) }
        case .json: return value.description
        }
    }

    /// A moment: Unix seconds, or RFC 3339 text (`2026-12-02T14:03:27Z`); nil for anything else.
    public static func moment(_ value: JSONValue) -> Date? {
        if let seconds = value.doubleValue, seconds.isFinite, abs(seconds) < 1e12 { return Date(timeIntervalSince1970: seconds) }
        guard let text = value.stringValue else { return nil }
        return rfc3339.date(from: text) ?? rfc3339Fractional.date(from: text)
    }

    nonisolated(unsafe) private static let rfc3339 = ISO8601DateFormatter()
    nonisolated(unsafe) private static let rfc3339Fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter
    }()

    private static func bytes(_ count: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = count, unit = 0
        while abs(value) >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? String(format: "%.0f B", value) : String(format: abs(value) < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
    }

    private static func duration(_ seconds: Double) -> String {
        guard abs(seconds) < 1e15 else { return seconds < 0 ? "-∞" : "∞" }
        let sign = seconds < 0 ? "-" : ""
        let total = Int64(abs(seconds).rounded())
        let (days, hours, minutes, rest) = (total / 86_400, total % 86_400 / 3_600, total % 3_600 / 60, total % 60)
        if days > 0 { return sign + String(format: "%lldd %02lldh", days, hours) }
        if hours > 0 { return sign + String(format: "%lldh %02lldm", hours, minutes) }
        if minutes > 0 { return sign + String(format: "%lldm %02llds", minutes, rest) }
        return sign + "\(rest)s"
    }

    private static func time(_ seconds: Double) -> String {
        guard abs(seconds) < 1e15 else { return "--:--:--" }
        var second = Int64(seconds.rounded(.down)) % 86_400
        if second < 0 { second += 86_400 }
        return String(format: "%02lld:%02lld:%02lld", second / 3_600, second % 3_600 / 60, second % 60)
    }
}
