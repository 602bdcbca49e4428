import Foundation
import LoomTerminal
import LoomWire

/// One attached viewer: the poll loop over the daemon, the keyboard and signals.
final class AttachedViewer {
    private let connection: DaemonConnection
    private let input: Int32
    private let output: Int32
    private let terminal: TerminalMode
    private var screen: TerminalScreen
    private var keys: InputDecoder
    private var observer: Bool
    private var scene = ""
    /// When the highlighted rectangles stop being marked.
    private var highlightsExpire: ContinuousClock.Instant?
    /// A resynchronisation was asked for (`resynchroniseIfSomethingWasSkipped`).
    private var awaitingKeyframe = false
    private let highlightDuration: Duration

    init(connection: DaemonConnection, input: Int32, output: Int32, depth: ColorDepth, detachKeys: [UInt8], observer: Bool, highlightDuration: Duration) {
        self.connection = connection
        self.highlightDuration = highlightDuration
        self.input = input
        self.output = output
        self.observer = observer
        terminal = TerminalMode(input: input, output: output)
        screen = TerminalScreen(depth: depth)
        keys = InputDecoder(detachKeys: detachKeys)
    }

    /// Says hello and attaches; errors here (no daemon, no scene) come before the terminal changes.
    /// A user the daemon lets only observe is attached as an observer, told so on standard error
    /// (where it stays readable after the viewer leaves the alternate screen).
    func start(scene: String, size: (width: Int, height: Int), highlight: Bool) throws {
        self.scene = scene
        let granted = try connection.handshake(role: observer ? .observer : nil)
        if granted == .observer && !observer {
            observer = true
            FileHandle.standardError.write(Data("loom attach: this user may only observe \(scene); attached as an observer (keys that would change something do nothing)\n".utf8))
        }
        try connection.attach(scene: scene, width: size.width, height: size.height, highlight: highlight)
        try terminal.enter()
    }

    /// The first frame of `scene` at a size, as lines with SGR attributes: attaches as an
    /// observer, applies frames up to the first flush, detaches.
    static func firstFrame(of scene: String, socketPath: String, width: Int, height: Int, depth: ColorDepth) throws -> String {
        let connection = try DaemonConnection(socketPath: socketPath)
        try connection.handshake(role: .observer)
        try connection.attach(scene: scene, width: width, height: height)
        var screen = TerminalScreen(depth: depth)
        while true {
            for message in try connection.receive(blocking: true) {
                if case .error(_, let code, let text, _) = message { throw DaemonReply(code: code, message: text) }
                if screen.apply(message) {
                    connection.send(.detach(id: connection.takeID()))
                    return screen.ansiLines()
                }
            }
        }
    }

    /// Runs until detach, quit, `bye`, a lost daemon or a signal; the terminal is restored before it returns.
    func run() -> (status: Int32, message: String) {
        let signals = SignalPipe.open(for: [SIGWINCH, SIGTERM, SIGHUP, SIGINT])
        let ending = loop(signals: signals)
        terminal.restore()
        return ending
    }

    private func loop(signals: Int32) -> (status: Int32, message: String) {
        // The first frame may have come with the attach's reply: it will not make the socket readable.
        for message in connection.received() {
            if let ending = handle(message) { return ending }
        }
        resynchroniseIfSomethingWasSkipped()
        while true {
            var pollers = [pollfd(fd: connection.input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 3, timeoutMilliseconds())
            if ready < 0 && errno != EINTR { return (1, "poll failed: \(String(cString: strerror(errno)))") }
            if let expiry = highlightsExpire, ContinuousClock.now >= expiry {
                highlightsExpire = nil
                screen.highlights = []
                draw()
            }
            if pollers[2].revents != 0 {
                for number in SignalPipe.drain() {
                    if number == SIGWINCH {
                        if let size = TerminalMode.size(of: output) { connection.send(.resize(width: size.width, height: size.height)) }
                    } else {
                        connection.send(.detach(id: connection.takeID()))
                        return (128 + number, "loom attach: stopped by signal \(number) (\(String(cString: strsignal(number))))")
                    }
                }
            }
            if pollers[1].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 4_096)
                let count = read(input, &bytes, bytes.count)
                if count == 0 { return (1, "loom attach: standard input closed") }
                for key in keys.feed(count > 0 ? Array(bytes[0..<count]) : []) {
                    switch key {
                    case .detach:
                        connection.send(.detach(id: connection.takeID()))
                        return (0, "[detached from \(scene)]")
                    case .quit:
                        connection.send(.detach(id: connection.takeID()))
                        return (0, "[quit \(scene)]")
                    case .event(let event):
                        if !observer { connection.send(.input(event)) }
                    }
                }
            }
            if pollers[0].revents != 0 {
                do {
                    for message in try connection.receive() {
                        if let ending = handle(message) { return ending }
                    }
                    resynchroniseIfSomethingWasSkipped()
                } catch let error as DaemonReply {
                    return (1, "loom attach: \(error.message)")
                } catch {
                    return (1, "loom attach: \(error)")
                }
            }
        }
    }

    /// A message the daemon sent that this viewer could not read was skipped: the screen may
    /// miss what it drew, so the viewer says its size again, which the daemon answers with a
    /// keyframe. One at a time: until that keyframe arrives, more skips ask for nothing more.
    private func resynchroniseIfSomethingWasSkipped() {
        guard !connection.undecodable.isEmpty else { return }
        connection.undecodable = []
        guard !awaitingKeyframe, let size = TerminalMode.size(of: output) else { return }
        awaitingKeyframe = true
        connection.send(.resize(width: size.width, height: size.height))
    }

    /// Applies one message; an ending when the daemon ends the session.
    private func handle(_ message: Message) -> (status: Int32, message: String)? {
        switch message {
        case .keyframe:
            awaitingKeyframe = false
            _ = screen.apply(message)
        case .bye(let reason):
            return (1, "loom attach: loomd is shutting down (\(reason))")
        case .error(_, let code, let text, let fatal) where fatal:
            return (1, "loom attach: \(code): \(text)")
        case .highlight(let rects):
            // A frame without re-evaluated views leaves the last marks to expire.
            guard !rects.isEmpty else { return nil }
            _ = screen.apply(message)
            highlightsExpire = ContinuousClock.now + highlightDuration
        case .flush(let sequence):
            _ = screen.apply(message)
            draw()
            connection.send(.ack(sequence: sequence))
        default:
            _ = screen.apply(message)
        }
        return nil
    }

    /// One write of what changed.
    private func draw() {
        let bytes = screen.render()
        if !bytes.isEmpty { writeAll(bytes, to: output) }
    }

    private func timeoutMilliseconds() -> Int32 {
        guard let expiry = highlightsExpire else { return -1 }
        let left = expiry - ContinuousClock.now
        return max(0, Int32(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000) + 1)
    }
}
