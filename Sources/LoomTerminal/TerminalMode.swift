import Glibc
import LoomWire

/// The terminal a viewer takes over: raw input, the alternate screen, a hidden cursor, mouse
/// wheel reports. `restore()` undoes all of it and is safe to call more than once, so every
/// exit path (detach, quit, `bye`, a lost daemon, a signal) ends with the terminal as it was.
public final class TerminalMode {
    private let input: Int32
    private let output: Int32
    private var saved = termios()
    public private(set) var isActive = false

    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Raw mode (no echo, no line editing, no signals from keys, no output processing) and the
    /// viewer's screen: alternate screen, cursor hidden, SGR mouse reports and bracketed paste on.
    public func enter() throws(TerminalError) {
        guard tcgetattr(input, &saved) == 0 else { throw TerminalError("standard input is not a terminal") }
        var raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw TerminalError("cannot put the terminal in raw mode: \(String(cString: strerror(errno)))") }
        isActive = true
        CrashRestore.arm(input: input, output: output, saved: saved, sequence: Self.restoreSequence)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
    }

    /// Paste brackets and mouse off, attributes reset, cursor shown, main screen back, the saved termios restored.
    public func restore() {
        guard isActive else { return }
        isActive = false
        CrashRestore.disarm()
        write(Self.restoreSequence)
        _ = tcsetattr(input, TCSAFLUSH, &saved)
    }

    private static let restoreSequence = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[m\u{1B}[?25h\u{1B}[?1049l"

    /// The terminal's size in cells; nil when it does not say.
    public static func size(of descriptor: Int32) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    private func write(_ text: String) {
        writeAll(Array(text.utf8), to: output)
    }
}

/// Even a crash (a failed precondition traps; a bad access faults) leaves the terminal usable:
/// while the viewer has it, these signals first restore it — with only async-signal-safe calls,
/// `write` and `tcsetattr` — then take their default action (a core, if enabled). Swift's own
/// backtrace for these signals is given up for the viewer, for the user's terminal.
private enum CrashRestore {
    nonisolated(unsafe) private static var input: Int32 = -1
    nonisolated(unsafe) private static var output: Int32 = -1
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var sequence: [UInt8] = []
    private static let signals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    static func arm(input: Int32, output: Int32, saved: termios, sequence: String) {
        Self.input = input
        Self.output = output
        Self.saved = saved
        Self.sequence = Array(sequence.utf8) + Array("\r\nloom: crashed; the terminal was restored\r\n".utf8)
        for number in signals {
            signal(number) { number in
                CrashRestore.sequence.withUnsafeBytes { _ = Glibc.write(CrashRestore.output, $0.baseAddress, $0.count) }
                _ = tcsetattr(CrashRestore.input, TCSAFLUSH, &CrashRestore.saved)
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func disarm() {
        for number in signals { signal(number, SIG_DFL) }
    }
}

/// The terminal cannot be used as a viewer's screen.
public struct TerminalError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
