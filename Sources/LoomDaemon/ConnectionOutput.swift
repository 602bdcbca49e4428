import LoomJSON
import LoomLayout
import LoomLoop
import LoomStore
import LoomStoreViews
import LoomWire

/// What a connection sends: replies queued for the end of the turn, frames written at once,
/// and the output budget that holds streams and requests back from a client that does not read.
extension Connection {
    func reply(error: WireError, id: RequestID?) {
        send(.error(id: id, code: error.code, message: error.message, fatal: false))
    }

    func send(_ message: Message) {
        send(CollectionOfOne(message))
    }

    /// Writes a frame now: messages, operations already encoded (shared between viewers of
    /// identical geometry), its flush — in one write with whatever this turn queued before it.
    func writeFrame(_ envelope: FrameEnvelope, encoded: [UInt8]) {
        guard !isClosed else { return }
        let start = append(envelope.before)
        let operations = outgoing.count
        outgoing += encoded
        if let cursor = envelope.cursor { MessageEncoder.encode(cursor, as: encoding, into: &outgoing) }
        MessageEncoder.encode(envelope.flush, as: encoding, into: &outgoing)
        session?.bytesSent += outgoing.count - operations
        session?.sent(bytes: outgoing.count - start)
        flush()
    }

    // MARK: - The output budget (see `OutputBudget`)

    private var budget: OutputBudget { daemon.configuration.outputBudget }

    /// Bytes waiting for the client: libuv's queue and this turn's buffer.
    private var queuedBytes: Int { stream.writeQueueSize + outgoing.count }

    /// Whether the client is past its budget, going over it now if what is queued passed the
    /// high mark (it then stays over until it has read down to the low mark).
    func checkBudget() -> Bool {
        if !isOverBudget && queuedBytes > budget.highMark { goOverBudget() }
        return isOverBudget
    }

    /// A watch's change: sent, or held back (coalesced per path) while the client does not read.
    func sendChange(watch: RequestID, _ event: WatchEvent) {
        guard checkBudget() else {
            return send(.changed(watch: watch, revision: event.revision, path: event.path.description, value: event.value))
        }
        heldChanges[watch, default: [:]][event.path] = event.revision
    }

    /// A traced evaluation: sent, or dropped and counted while the client does not read.
    func sendEvaluation(_ message: Message) {
        guard checkBudget() else { return send(message) }
        droppedEvaluations += 1
    }

    private func goOverBudget() {
        isOverBudget = true
        stream.stopReading()
        Log.write(.notice, "a client is not reading (\(queuedBytes) bytes queued): holding its watches, dropping its traces, reading nothing from it")
        whenWritten { $0.checkDrained() }
    }

    /// Runs `next` once everything queued so far is written (an empty write completes after
    /// the writes before it); a write that failed (the client is gone) closes the connection
    /// instead, so a client that left is not served what it asked before it left.
    private func whenWritten(_ next: @escaping (Connection) -> Void) {
        stream.write([]) { [weak self] error in
            guard let self else { return }
            if error != nil { close() } else { next(self) }
        }
    }

    /// Called as queued writes complete while over the budget: below the low mark, reading and
    /// handling resume, held changes are sent (each path once, with its value now) and dropped
    /// evaluations counted.
    private func checkDrained() {
        guard isOverBudget, !isClosed else { return }
        guard queuedBytes <= budget.lowMark else { return whenWritten { $0.checkDrained() } }
        isOverBudget = false
        do {
            try stream.resumeReading()
        } catch {
            return close()
        }
        let held = heldChanges
        heldChanges = [:]
        var messages: [Message] = []
        for (watch, paths) in held.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for (path, revision) in paths.sorted(by: { $0.key < $1.key }) {
                messages.append(.changed(watch: watch, revision: revision, path: path.description, value: daemon.store.value(at: path)))
            }
        }
        if droppedEvaluations > 0 { messages.append(.dropped(stream: "trace", count: droppedEvaluations)) }
        droppedEvaluations = 0
        Log.write(.notice, "a client read again: \(messages.count) held messages sent")
        send(messages)
        handleBacklog()
    }

    /// Queues messages for the end of the turn; with `thenClose`, writes everything now and
    /// closes the connection once it is written (closing at once would cancel the write: a
    /// `bye` or a fatal error would never arrive).
    func send(_ messages: some Sequence<Message>, thenClose: Bool = false) {
        guard !isClosed else { return }
        let start = append(messages)
        // The first bytes queued this turn ask the daemon to flush this connection at its end.
        guard thenClose else {
            if start == 0 && !outgoing.isEmpty { daemon.flushAtEndOfTurn(self) }
            return
        }
        let bytes = outgoing
        outgoing = []
        release()
        stream.stopReading()
        daemon.lastWordsBegan()
        // Closed once the last words are written, or after `closingGrace` if the client does
        // not read them (a client closed for not reading would otherwise hold its queue forever).
        let grace = try? LoopTimer(loop: daemon.loop)
        let finish = { [stream, daemon] in
            guard !stream.isClosed else { return }
            grace?.close()
            stream.close()
            daemon.lastWordsEnded()
        }
        grace?.start(after: Self.closingGrace, finish)
        stream.write(bytes) { _ in finish() }
    }

    /// Bytes of one message the daemon sends: what a client may read as one (`WireLimits`).
    static let maximumMessageBytes = WireLimits.default.maximumMessageBytes

    /// The `limit_exceeded` error that replaces a message too large to send, for its request
    /// (or its watch): a value is reached by its parts, a narrower path each.
    private static func tooLarge(_ message: Message, bytes: Int?) -> Message {
        let size = bytes.map { "\($0) bytes" } ?? "more than \(maximumMessageBytes) bytes"
        var hint = "ask for less", id = message.id
        if case .value = message { hint = "get a narrower path (one of its members)" }
        if case .changed(let watch, _, let path, _) = message { (hint, id) = ("the change at \(path) is not sent; watch narrower paths", watch) }
        return .error(id: id, code: .limitExceeded, message: "a reply of \(size) is over the \(maximumMessageBytes) bytes one message may hold: \(hint)", fatal: false)
    }

    /// The document value a message carries.
    private static func value(in message: Message) -> JSONValue? {
        switch message {
        case .value(_, _, let value), .changed(_, _, _, let value): value
        default: nil
        }
    }

    /// Milliseconds a closing connection's last words may take to be written.
    static let closingGrace: UInt64 = 5_000

    /// Appends messages in the connection's encoding, counted as sent to the viewer; returns
    /// where they start.
    @discardableResult
    func append(_ messages: some Sequence<Message>) -> Int {
        let start = outgoing.count
        for message in messages {
            // Past what a client may read as one message, the client gets why instead: a value
            // is weighed first (a count that stops at the limit, not the writing of all of it)
            // when the document it comes from is that large at all, and what is written is measured.
            if daemon.store.documentBytes > Self.maximumMessageBytes, let value = Self.value(in: message),
               value.weight(upTo: Self.maximumMessageBytes) > Self.maximumMessageBytes {
                MessageEncoder.encode(Self.tooLarge(message, bytes: nil), as: encoding, into: &outgoing)
                continue
            }
            let before = outgoing.count
            MessageEncoder.encode(message, as: encoding, into: &outgoing)
            guard outgoing.count - before > Self.maximumMessageBytes else { continue }
            let bytes = outgoing.count - before
            outgoing.removeSubrange(before...)
            MessageEncoder.encode(Self.tooLarge(message, bytes: bytes), as: encoding, into: &outgoing)
        }
        session?.bytesSent += outgoing.count - start
        return start
    }

    /// Writes what the turn queued, in one write. A small buffer is kept for the next turn (a
    /// frame of a few rows would otherwise grow a new one by doubling, every frame); a large
    /// one, a keyframe's, is let go.
    func flush() {
        guard !isClosed, !outgoing.isEmpty else { return }
        stream.write(outgoing)
        if outgoing.capacity > Self.keptOutputCapacity {
            outgoing = []
        } else {
            outgoing.removeAll(keepingCapacity: true)
        }
    }

    static let keptOutputCapacity = 4_096

    func close() {
        guard !isClosed else { return }
        release()
        stream.close()
    }

    /// Leaves the daemon: watches, its viewer, its place among the connections.
    func release() {
        isClosed = true
        for watch in watches { daemon.store.cancel(watch) }
        watches.removeAll()
        for wait in pendingWaits.values { daemon.store.cancel(wait) }
        pendingWaits.removeAll()
        daemon.connectionClosed(self)
    }
}
