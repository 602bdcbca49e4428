import Foundation
import LoomCommandLine
import LoomJSON
import LoomTerminal
import LoomWire

/// The scripting verbs. Mutations print the revision they produced (so a script can
/// `loom wait` for it); reads print JSON; streams print one line per event.
extension Verb {
    public static let all: [Verb] = [set, patch, merge, get, watch, wait, scenes, scene, stats, trace, snapshot, ping, attach, proxy]

    public static func named(_ name: String) -> Verb? { all.first { $0.name == name } }

    static let set = Verb(
        name: "set", summary: "replace the value at PATH", synopsis: "set PATH JSON|-|@FILE",
        help: """
        Replaces the value at the JSON Pointer PATH, creating it and any missing parent objects,
        and prints the new revision. JSON is a JSON text, - for standard input, or @FILE.
        Example: loom set /jobs/3/status '"ok"'
        """,
        valued: [], flags: [],
        run: { arguments, invocation in try writeValue(arguments, invocation) { .set(id: $0, path: $1, value: $2) } })

    static let patch = Verb(
        name: "patch", summary: "apply an RFC 6902 JSON Patch as one transaction", synopsis: "patch [FILE|-]",
        help: """
        Applies an RFC 6902 JSON Patch (an array of operations) from FILE, or standard input when
        FILE is - or absent, as one transaction: all of it or none. Prints the new revision.
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            guard arguments.positionals.count <= 1 else { throw UsageError("expected at most one FILE") }
            let source = arguments.positionals.first ?? "-"
            let document = try jsonValue(source == "-" ? source : "@" + source, name: "the patch", standardInput: invocation.standardInput)
            try printRevision(invocation.ask { .patch(id: $0, patch: document) }, invocation)
        })

    static let merge = Verb(
        name: "merge", summary: "merge an RFC 7396 JSON Merge Patch into PATH", synopsis: "merge PATH JSON|-|@FILE",
        help: """
        Merges JSON into the value at PATH as an RFC 7396 JSON Merge Patch (null removes a member)
        and prints the new revision. Where nothing is at PATH, it is created, with any missing
        parent objects, as set does. JSON is a JSON text, - for standard input, or @FILE.
        Example: loom merge /jobs/3 '{"progress": 0.5}'
        """,
        valued: [], flags: [],
        run: { arguments, invocation in try writeValue(arguments, invocation) { .merge(id: $0, path: $1, value: $2) } })

    static let get = Verb(
        name: "get", summary: "print the value at PATH", synopsis: "get PATH",
        help: """
        Prints the JSON value at PATH ("" is the whole document). Exits 1 when nothing is there.
        With --json, prints {"revision": N, "value": V}.
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            let path = try arguments.positionals("PATH")[0]
            guard case .value(_, let revision, let value) = try invocation.ask({ .get(id: $0, path: path) }) else { throw unexpected }
            guard let value else { throw DaemonReply(code: .notFound, message: "nothing at \(path.isEmpty ? "the root" : path)") }
            invocation.output(invocation.json ? JSONWriter.string(["revision": .int(revision), "value": value]) : JSONWriter.string(value))
        })

    static let wait = Verb(
        name: "wait", summary: "wait until revision REV is durable", synopsis: "wait REV",
        help: """
        Returns once revision REV is applied and durable (written to the journal, unless the
        daemon is --ephemeral). Prints REV.
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            let text = try arguments.positionals("REV")[0]
            guard let revision = Int64(text), revision >= 0 else { throw UsageError("REV must be a non-negative integer, not \(text)") }
            try printRevision(invocation.ask { .wait(id: $0, revision: revision) }, invocation)
        })

    static let stats = Verb(
        name: "stats", summary: "print the daemon's figures", synopsis: "stats [--json]",
        help: """
        Prints the daemon's figures: revision, connections, viewers, frames, bytes, loop lag,
        evaluations per scene. One "name: value" line each, nested names joined by dots.
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            _ = try arguments.positionals()
            guard case .statsReport(_, let report) = try invocation.ask({ .stats(id: $0) }) else { throw unexpected }
            invocation.output(invocation.json ? JSONWriter.string(report) : flattened(report).joined(separator: "\n"))
        })

    static let trace = Verb(
        name: "trace", summary: "print view evaluations and their causes, live", synopsis: "trace [SCENE]",
        help: """
        Prints each view evaluation, live, with its causes: "SCENE VIEW #NODE: CAUSE, ...".
        An evaluation in the view state of one viewer alone (it navigated, pressed, chose)
        says whose: "SCENE (viewer N) ...", N as in loom stats. Without SCENE, every scene.
        With --json, one JSON object per line.
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            guard arguments.positionals.count <= 1 else { throw UsageError("expected at most one SCENE") }
            let scene = arguments.positionals.first
            try invocation.stream({ .trace(id: $0, scene: scene) }) { message in
                guard case .evaluation(let scene, let view, let node, let causes, let viewer) = message else { return }
                var traced = JSONObject()
                traced["scene"] = .string(scene)
                traced["view"] = .string(view)
                traced["node"] = .int(node)
                traced["causes"] = .array(causes.map { .string($0) })
                if viewer != 0 { traced["viewer"] = .int(viewer) }
                invocation.output(invocation.json
                    ? JSONWriter.string(.object(traced))
                    : "\(scene)\(viewer == 0 ? "" : " (viewer \(viewer))") \(view) #\(node): \(causes.joined(separator: ", "))")
            }
        })

    static let snapshot = Verb(
        name: "snapshot", summary: "print a scene as a viewer of that size sees it", synopsis: "snapshot SCENE --size COLSxROWS [--markup|--ansi]",
        help: """
        Prints SCENE as a viewer of that size sees it, one line per row, trailing spaces removed.
        --markup adds style markup ({bold fg=red}text{}); --ansi prints the colours and attributes
        as a terminal shows them (attaching briefly as an observer; --colors truecolor|256|16);
        --json prints {"text": ...}.
        """,
        valued: ["size", "colors"], flags: ["markup", "ansi"],
        run: { arguments, invocation in
            let scene = try arguments.positionals("SCENE")[0]
            guard let size = arguments.options["size"] else { throw UsageError("--size COLSxROWS is required") }
            let parts = size.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
                throw UsageError("--size must look like 100x30, not \(size)")
            }
            let markup = arguments.flags.contains("markup")
            let text: String
            if arguments.flags.contains("ansi") {
                guard !markup else { throw UsageError("--markup and --ansi are alternatives") }
                let depth = try colorDepth(arguments.options["colors"], environment: ProcessInfo.processInfo.environment)
                text = try AttachedViewer.firstFrame(of: scene, socketPath: invocation.socketPath, width: width, height: height, depth: depth)
            } else {
                guard case .snapshotText(_, let plain) = try invocation.ask({ .snapshot(id: $0, scene: scene, width: width, height: height, markup: markup) }) else { throw unexpected }
                text = plain
            }
            invocation.output(invocation.json ? JSONWriter.string(["text": .string(text)]) : text)
        })

    static let ping = Verb(
        name: "ping", summary: "check that the daemon answers", synopsis: "ping",
        help: "Checks that the daemon answers; prints the round trip in milliseconds.",
        valued: [], flags: [],
        run: { arguments, invocation in
            _ = try arguments.positionals()
            let connection = try invocation.connect()
            let start = ContinuousClock.now
            guard case .pong = try invocation.reply(to: connection.request { .ping(id: $0) }) else { throw unexpected }
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1_000
            let rounded = (milliseconds * 1_000).rounded() / 1_000
            invocation.output(invocation.json ? JSONWriter.string(["milliseconds": .double(rounded)]) : "pong \(rounded) ms")
        })

    static let proxy = Verb(
        name: "proxy", summary: "bridge standard input and output to the socket", synopsis: "proxy",
        help: """
        Copies bytes between standard input/output and the daemon's socket until the daemon
        closes the connection, understanding nothing of them: the remote end of
        `ssh HOST loom proxy`. The daemon gives the connection the role of the proxy's user.
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            _ = try arguments.positionals()
            let socket = try connectUnixSocket(invocation.socketPath)
            defer { close(socket) }
            try Proxy.bridge(socket: socket, input: invocation.descriptors.input, output: invocation.descriptors.output)
        })
}

/// `--colors`, or the depth COLORTERM and TERM announce.
func colorDepth(_ option: String?, environment: [String: String]) throws(UsageError) -> ColorDepth {
    guard let option else { return ColorDepth.detect(environment: environment) }
    guard let depth = ColorDepth(argument: option) else { throw UsageError("--colors must be truecolor, 256 or 16, not \(option)") }
    return depth
}

let unexpected = DaemonReply(code: .protoMismatch, message: "the daemon answered with an unexpected message")

/// `set` and `merge`: PATH and a JSON value from the command line, one request, the revision printed.
private func writeValue(_ arguments: Arguments, _ invocation: Invocation, _ make: (RequestID, String, JSONValue) -> Message) throws {
    let given = try arguments.positionals("PATH", "JSON")
    let value = try jsonValue(given[1], name: "the value", standardInput: invocation.standardInput)
    try printRevision(invocation.ask { make($0, given[0], value) }, invocation)
}

private func printRevision(_ reply: Message, _ invocation: Invocation) throws {
    guard case .ok(_, let revision?) = reply else { throw unexpected }
    invocation.output(invocation.json ? JSONWriter.string(["revision": .int(revision)]) : String(revision))
}

/// "name: value" lines for a JSON object, nested names joined by dots.
private func flattened(_ value: JSONValue, prefix: String = "") -> [String] {
    guard case .object(let members) = value else { return ["\(prefix): \(JSONWriter.string(value))"] }
    var lines: [String] = []
    // Iterative over a stack of pending objects: nesting depth comes from the daemon, bounded, but no recursion needed.
    var pending: [(String, JSONObject)] = [(prefix, members)]
    while let (name, object) = pending.popLast() {
        var nested: [(String, JSONObject)] = []
        for (key, member) in object {
            let full = name.isEmpty ? key : "\(name).\(key)"
            if case .object(let inner) = member { nested.append((full, inner)) } else { lines.append("\(full): \(JSONWriter.string(member))") }
        }
        pending += nested.reversed()
    }
    return lines
}
