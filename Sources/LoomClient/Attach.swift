import Foundation
import LoomCommandLine
import LoomTerminal
import LoomWire

/// `loom attach`: the terminal viewer. It applies the daemon's frames to a local screen and
/// writes only what changed, one write per frame, acknowledging each; it forwards keys, clicks
/// and the mouse wheel; and whatever ends it, the terminal is restored before it says why.
extension Verb {
    static let attach = Verb(
        name: "attach", summary: "show a scene in this terminal, live", synopsis: "attach SCENE [--observer] [--highlight-updates [--highlight-ms N]] [--colors N] [--detach-keys KEYS] [--ssh [USER@]HOST] [--no-reconnect]",
        help: """
        Shows SCENE in this terminal and forwards keys, clicks and the mouse wheel to it, like
        tmux attach.

        Keys: arrows, Tab/Shift-Tab, Enter, Space, Escape, Home/End, PageUp/PageDown, clicks and
        the wheel go to the scene (move the focus, press, scroll, push and pop navigation). Ctrl-] detaches (the
        daemon and the scene keep running); Ctrl-C quits the viewer.

          --observer            attach read-only: scroll, move and navigate; buttons,
                                toggles and pickers are inert (drawn dim)
          --highlight-updates   briefly mark the regions whose views were re-evaluated in each
                                frame: the visible answer to "why did this re-render?"
          --highlight-ms N      how long a mark stays, in milliseconds (default 300)
          --colors N            truecolor, 256 or 16 (default: from COLORTERM and TERM)
          --detach-keys KEYS    comma-separated keys, each ctrl-X or one character (default ctrl-])
          --ssh [USER@]HOST     attach to the daemon on HOST through `ssh HOST loom proxy`
                                ($LOOM_SSH replaces ssh; --socket then names the remote socket)
          --no-reconnect        end when the daemon stops or is lost, instead of reconnecting
          --reconnect-timeout SECONDS  give up reconnecting after that long (default: never)

        When the daemon stops, restarts or is lost, the viewer says "reconnecting to loomd…"
        over the last screen and tries again (every 0.1 s at first, then up to every 2 s) until
        the daemon answers, then shows the same scene at the terminal's size and goes on; Ctrl-]
        or Ctrl-C end it meanwhile.

        Exit status: 0 after detach or quit; 1 when the daemon refuses (no such scene), or
        stops or is lost and the viewer does not reconnect; 2 usage (or no terminal); 3 cannot
        connect; 128+N after signal N.
        """,
        valued: ["colors", "detach-keys", "ssh", "highlight-ms", "reconnect-timeout"], flags: ["observer", "highlight-updates", "no-reconnect"],
        run: { arguments, invocation in
            let scene = try arguments.positionals("SCENE")[0]
            let environment = ProcessInfo.processInfo.environment
            let depth = try colorDepth(arguments.options["colors"], environment: environment)
            let highlightMilliseconds = arguments.options["highlight-ms"] ?? "300"
            guard let highlightDuration = Int(highlightMilliseconds), (1...60_000).contains(highlightDuration) else {
                throw UsageError("--highlight-ms must be a number of milliseconds from 1 to 60000, not \(highlightMilliseconds)")
            }
            let detachKeys = arguments.options["detach-keys"] ?? "ctrl-]"
            guard let keys = InputDecoder.detachKeys(detachKeys) else {
                throw UsageError("--detach-keys must be comma-separated keys like ctrl-] or ctrl-p,ctrl-q, not \(detachKeys)")
            }
            // A host ssh would read as an option is refused: it is the place for a host.
            if let host = arguments.options["ssh"], host.isEmpty || host.hasPrefix("-") {
                throw UsageError("--ssh needs a host ([USER@]HOST), not '\(host)'")
            }
            let (input, output) = invocation.descriptors
            guard isatty(input) == 1, isatty(output) == 1, let size = TerminalMode.size(of: output) else {
                throw UsageError("loom attach needs a terminal on standard input and output")
            }
            let reconnectTimeout = try arguments.options["reconnect-timeout"].map { text throws(UsageError) in
                try CommandLineTool.seconds(text, option: "reconnect-timeout")
            }
            let connect: () throws -> DaemonConnection
            if let host = arguments.options["ssh"] {
                let ssh = (environment["LOOM_SSH"] ?? "ssh").split(separator: " ").map(String.init)
                let proxy = ["loom", "proxy"] + (arguments.options["socket"].map { ["--socket", $0] } ?? [])
                connect = { try DaemonConnection(tunnel: ssh + [host, RemoteCommand.line(proxy)], host: host) }
            } else {
                connect = { try DaemonConnection(socketPath: invocation.socketPath) }
            }
            let connection = try connect()
            let session = AttachedViewer(connection: connection, input: input, output: output, depth: depth, detachKeys: keys,
                                        observer: arguments.flags.contains("observer"), highlightDuration: .milliseconds(highlightDuration))
            if !arguments.flags.contains("no-reconnect") { session.reconnect = connect }
            session.reconnectTimeout = reconnectTimeout
            connection.deadline = invocation.timeout.map { ContinuousClock.now + $0 }
            try session.start(scene: scene, size: size, highlight: arguments.flags.contains("highlight-updates"))
            connection.deadline = nil
            let ending = session.run()
            if ending.status == 0 { invocation.output(ending.message) } else { throw ExitStatus(ending.status, ending.message) }
        })
}
