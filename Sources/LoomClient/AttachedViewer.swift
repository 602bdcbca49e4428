import Foundation
import LoomTerminal
import LoomWire

/// One attached viewer: the poll loop over the daemon, the keyboard and signals.
final class AttachedViewer {
    private var connection: DaemonConnection
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
    /// A new connection to the same daemon, for reconnecting after it went away; nil with
    /// `--no-reconnect`.
    var reconnect: (() throws -> DaemonConnection)?
    /// How long to keep trying before giving up (`--reconnect-timeout`); nil: until detach or quit.
    var reconnectTimeout: Duration?
    /// Whether this viewer asked for highlights, to ask again after reconnecting.
    private var highlight = false

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
        self.highlight = highlight
        let granted = try connection.handshake(role: observer ? .observer : nil)
        if granted == .observer && !observer {
            observer = true
            FileHandle.standardError.write(Data("loom attach: this user may only observe \(scene); attached as an observer (you may scroll and navigate; controls that change data are inert)\n".utf8))
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
        if let ending = take(connection.received(), signals: signals) { return ending }
        // One array for every wait (a frame's wait would otherwise allocate one).
        var pollers = [pollfd](repeating: pollfd(), count: 3)
        while true {
            pollers[0] = pollfd(fd: connection.input, events: Int16(POLLIN), revents: 0)
            pollers[1] = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            pollers[2] = pollfd(fd: signals, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollers, 3, timeoutMilliseconds())
            if ready < 0 && errno != EINTR { return (1, "poll failed: \(String(cString: strerror(errno)))") }
            if let expiry = highlightsExpire, ContinuousClock.now >= expiry {
                highlightsExpire = nil
                screen.highlights = []
                draw()
            }
            if pollers[2].revents != 0, let ending = drainSignals(resizing: true) {
                connection.send(.detach(id: connection.takeID()))
                return ending
            }
            if pollers[1].revents != 0, let ending = readKeys(forward: true) { return ending }
            if pollers[0].revents != 0 {
                let messages: [Message]
                do {
                    messages = try connection.receive()
                } catch {
                    let reason = (error as? DaemonReply)?.message ?? "\(error)"
                    if let ending = reconnectAfterLoss("loom attach: \(reason)", signals: signals) { return ending }
                    messages = connection.received()
                }
                if let ending = take(messages, signals: signals) { return ending }
            }
        }
    }

    /// Applies what the daemon sent. Its `bye` (it is stopping, or restarting) is a loss like a
    /// closed connection: the viewer reconnects, then takes what the new connection brought.
    private func take(_ messages: [Message], signals: Int32) -> (status: Int32, message: String)? {
        var messages = messages
        while true {
            guard let bye = messages.firstIndex(where: { if case .bye = $0 { true } else { false } }) else {
                for message in messages {
                    if let ending = handle(message) { return ending }
                }
                resynchroniseIfSomethingWasSkipped()
                return nil
            }
            for message in messages[..<bye] {
                if let ending = handle(message) { return ending }
            }
            guard case .bye(let reason) = messages[bye] else { return nil }
            if let ending = reconnectAfterLoss("loom attach: loomd is shutting down (\(reason))", signals: signals) { return ending }
            messages = connection.received()
        }
    }

    /// Handles the signals that came: a resize is told to the daemon (when `resizing`), any
    /// other signal ends the session.
    private func drainSignals(resizing: Bool) -> (status: Int32, message: String)? {
        for number in SignalPipe.drain() {
            if number == SIGWINCH {
                if resizing, let size = TerminalMode.size(of: output) { connection.send(.resize(width: size.width, height: size.height)) }
            } else {
                return (128 + number, "loom attach: stopped by signal \(number) (\(String(cString: strsignal(number))))")
            }
        }
        return nil
    }

    /// Reads the keyboard: detach and quit end the session; other keys go to the scene when
    /// `forward` (not while reconnecting) and the viewer may send input.
    private func readKeys(forward: Bool) -> (status: Int32, message: String)? {
        var bytes = [UInt8](repeating: 0, count: 4_096)
        let count = read(input, &bytes, bytes.count)
        if count == 0 { return (1, "loom attach: standard input closed") }
        for key in keys.feed(count > 0 ? Array(bytes[0..<count]) : []) {
            switch key {
            case .detach:
                if forward { connection.send(.detach(id: connection.takeID())) }
                return (0, "[detached from \(scene)]")
            case .quit:
                if forward { connection.send(.detach(id: connection.takeID())) }
                return (0, "[quit \(scene)]")
            case .event(let event):
                if forward { connection.send(.input(event)) }
            }
        }
        return nil
    }

    /// The daemon went away (it stopped, restarted or was killed): with `reconnect`, a status
    /// line over the last screen says so, and the viewer tries again (`Reconnection`) until the
    /// daemon answers — then it attaches to the same scene at the terminal's size and goes on —
    /// or the user detaches or quits, a signal comes, or `reconnectTimeout` passes. Without,
    /// the session ends with `reason`.
    private func reconnectAfterLoss(_ reason: String, signals: Int32) -> (status: Int32, message: String)? {
        guard let reconnect else { return (1, reason) }
        showStatus("reconnecting to loomd… (Ctrl-] detaches)")
        var reconnection = Reconnection(timeout: reconnectTimeout)
        while true {
            if let message = reconnection.givingUp(reason) { return (1, message) }
            if let ending = wait(reconnection.delay, signals: signals) { return ending }
            if let fresh = try? reconnect(), let size = TerminalMode.size(of: output) {
                do {
                    try fresh.handshake(role: observer ? .observer : nil)
                    try fresh.attach(scene: scene, width: size.width, height: size.height, highlight: highlight)
                    connection = fresh
                    awaitingKeyframe = false
                    return nil
                } catch let error as DaemonReply where error.code == .noSuchScene {
                    return (1, "loom attach: \(error.message)")
                } catch {}
            }
            reconnection.failed()
        }
    }

    /// Waits `duration` while watching the keyboard (detach, quit) and signals.
    private func wait(_ duration: Duration, signals: Int32) -> (status: Int32, message: String)? {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            var pollers = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            guard poll(&pollers, 2, pollMilliseconds(until: deadline)) > 0 else { continue }
            if pollers[1].revents != 0, let ending = drainSignals(resizing: false) { return ending }
            if pollers[0].revents != 0, let ending = readKeys(forward: false) { return ending }
        }
        return nil
    }

    /// A status on the terminal's last row, inverse, over the last screen; the cursor and
    /// attributes are saved and restored around it, and the next keyframe repaints the row.
    private func showStatus(_ text: String) {
        guard let size = TerminalMode.size(of: output) else { return }
        writeAll(Array("\u{1B}7\u{1B}[\(size.height);1H\u{1B}[0;7m\(text)\u{1B}[K\u{1B}8".utf8), to: output)
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
        return pollMilliseconds(until: expiry)
    }
}
