import Foundation
import LoomCommandLine
import LoomJSON
import LoomWire

extension Verb {
    static let watch = Verb(
        name: "watch", summary: "print changes under PATHs as JSON lines, live",
        synopsis: "watch PATH... [--since REV] [--no-reconnect] [--reconnect-timeout SECONDS]",
        help: """
        Prints one JSON line per change at or under each PATH, as it happens, until interrupted:
        {"revision": N, "path": P, "value": V}, without "value" when P was removed. The changes
        of one moment are one line per path, with its latest revision and value: a script that
        sets V at P (or removes P) for each line holds what the daemon holds.

          --since REV           begin with what changed after revision REV (a revision
                                printed before, by watch or by a write)
          --no-reconnect        end when the daemon stops or is lost (exit 1)
          --reconnect-timeout SECONDS  give up reconnecting after that long (default: never)

        When the daemon stops, restarts or is lost, watch says so on standard error, tries again
        (soon, then every 2 s at most) and resumes after the last revision it printed: nothing
        is missed and nothing is printed twice. The daemon keeps its last 10,000 transactions
        (4 MiB at most) for that. When those it needs are gone, or the daemon's store is another
        one (an --ephemeral daemon started again), each PATH is printed whole, at the current
        revision, so what a script holds is again what the daemon holds.
        Exit status: 1 when the daemon refuses the watch, or stops and watch does not
        reconnect; 3 when no daemon answers at the start.
        """,
        valued: ["since", "reconnect-timeout"], flags: ["no-reconnect"],
        run: { arguments, invocation in
            guard !arguments.positionals.isEmpty else { throw UsageError("expected at least one PATH") }
            let since = try arguments.options["since"].map { text throws(UsageError) in
                guard let revision = Int64(text), revision >= 0 else { throw UsageError("--since must be a revision (a non-negative integer), not \(text)") }
                return revision
            }
            let timeout = try arguments.options["reconnect-timeout"].map { text throws(UsageError) in
                try CommandLineTool.seconds(text, option: "reconnect-timeout")
            }
            var session = WatchSession(paths: arguments.positionals, resumingAfter: since, reconnects: !arguments.flags.contains("no-reconnect"))
            try session.run(invocation, reconnectTimeout: timeout)
        })
}

/// One `loom watch`: the watch, and the same watch again after the daemon came back, resumed
/// after the last revision printed (the daemon sends what changed since, `Store.watch(_:since:_:)`).
struct WatchSession {
    let paths: [String]
    /// Every change up to this revision has been printed (or came before the watch began).
    private var printedThrough: Int64?
    let reconnects: Bool

    init(paths: [String], resumingAfter since: Int64?, reconnects: Bool) {
        self.paths = paths
        self.printedThrough = since
        self.reconnects = reconnects
    }

    /// Watches until interrupted; returns never, throws what ends it: a refusal, a lost daemon
    /// without reconnecting, or `reconnectTimeout` passing.
    mutating func run(_ invocation: Invocation, reconnectTimeout: Duration?) throws {
        // The first connection's failures are reported as they are: a daemon that was never
        // there, or that refuses these paths, is not waited for.
        var connection = try watch(invocation)
        while true {
            do {
                try follow(connection, invocation)
            } catch where reconnects && Self.isLoss(error) {
                let reason = "loom watch: " + ((error as? DaemonReply)?.message ?? "\(error)")
                FileHandle.standardError.write(Data("\(reason); reconnecting\n".utf8))
                var reconnection = Reconnection(timeout: reconnectTimeout)
                while true {
                    if let message = reconnection.givingUp(reason) { throw ExitStatus(1, message) }
                    _ = poll(nil, 0, pollMilliseconds(until: .now + reconnection.delay))
                    do {
                        connection = try watch(invocation)
                        break
                    } catch where Self.isLoss(error) {
                        reconnection.failed()
                    }
                }
                FileHandle.standardError.write(Data("loom watch: reconnected; going on after revision \(printedThrough ?? 0)\n".utf8))
            }
        }
    }

    /// Connects and asks for the watch, resumed after `printedThrough` if anything was printed
    /// or asked for (`--since`).
    private mutating func watch(_ invocation: Invocation) throws -> DaemonConnection {
        let connection = try invocation.connect()
        let since = printedThrough
        guard case .ok(_, let revision?) = try invocation.reply(to: connection.request { .watch(id: $0, paths: paths, since: since) }) else { throw unexpected }
        // The watch reports what changes after `revision` (and, resumed, what changed after `since`
        // before it). A daemon behind `since` has another store: its history starts again.
        if since.map({ revision < $0 }) ?? true { printedThrough = revision }
        connection.deadline = nil
        return connection
    }

    /// Prints each change as it comes, until the connection ends (thrown).
    private mutating func follow(_ connection: DaemonConnection, _ invocation: Invocation) throws {
        try invocation.follow(connection) { message in
            guard case .changed(_, let revision, let path, let value) = message else { return }
            var line = JSONObject()
            line["revision"] = .int(revision)
            line["path"] = .string(path)
            if let value { line["value"] = value }
            invocation.output(JSONWriter.string(.object(line)))
            printedThrough = max(printedThrough ?? revision, revision)
        }
    }

    /// Whether an error means the daemon went away (and may come back), not that it refused.
    private static func isLoss(_ error: any Error) -> Bool {
        switch error {
        case is ConnectError, is TimedOut: true
        case let reply as DaemonReply: reply.code == .disconnected || reply.code == .bye
        default: false
        }
    }
}
