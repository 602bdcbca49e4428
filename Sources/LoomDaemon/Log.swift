import Glibc

/// Log lines on stderr with the `<N>` priority prefixes journald understands (sd-daemon(3)).
public enum Log {
    public enum Level: Int32, Sendable, Comparable, CaseIterable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7

        public init?(name: String) {
            switch name {
            case "error": self = .error
            case "warning": self = .warning
            case "notice": self = .notice
            case "info": self = .info
            case "debug": self = .debug
            default: return nil
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    nonisolated(unsafe) static var threshold = Level.info

    /// Only the daemon's main thread configures logging, before the loop starts.
    public static func configure(level: Level) {
        threshold = level
    }

    public static func write(_ level: Level, _ message: String) {
        guard level <= threshold else { return }
        let line = "<\(level.rawValue)>" + message.split(separator: "\n").joined(separator: " ") + "\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}
