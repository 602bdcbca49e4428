import Glibc
import LoomCommandLine
import LoomJSON
import LoomWire

/// `loom`'s entry point as a function of its inputs, so tests run it in-process and the
/// executable is only wiring. Exit status: 0 ok, 1 the daemon answered with an error,
/// 2 usage, 3 cannot connect.
public enum CommandLineTool {
    public static func run(_ arguments: [String], environment: [String: String], output: @escaping @Sendable (String) -> Void,
                           errorOutput: (String) -> Void, standardInput: @escaping @Sendable () -> [UInt8]) -> Int32 {
        // Options before the verb are every verb's (`loom --socket PATH set …`, as `git -C`).
        var global: [String] = []
        var rest = arguments[...]
        while let first = rest.first, first.hasPrefix("-"), first != "-" {
            rest.removeFirst()
            switch first {
            case "--help", "-h": output(overview); return 0
            case "--version": output("loom \(LoomVersion.current) (protocol \(ProtocolVersion.current))"); return 0
            default:
                // Every verb's options (`Verb.common`, `Verb.commonFlags`), as after the verb.
                let name = String(first.dropFirst(2).prefix { $0 != "=" })
                if Verb.commonFlags.contains(name) && !first.contains("=") {
                    global.append(first)
                } else if Verb.common.contains(name) {
                    global.append(first)
                    if !first.contains("=") {
                        guard let value = rest.popFirst() else { return usage("loom: \(first) needs a value", json: global.contains("--json"), errorOutput) }
                        global.append(value)
                    }
                } else {
                    return usage("loom: unknown option \(first.prefix { $0 != "=" }) before the verb; see loom --help", json: global.contains("--json"), errorOutput)
                }
            }
        }
        let json = global.contains("--json")
        guard let name = rest.first else {
            output(overview)
            return 0
        }
        if name == "help" {
            guard rest.count > 1 else { output(overview); return 0 }
            guard let verb = Verb.named(rest[rest.startIndex + 1]) else { return usage("loom: no verb \(rest[rest.startIndex + 1]); see loom --help", json: json, errorOutput) }
            output(verb.usage)
            return 0
        }
        guard let verb = Verb.named(name) else { return usage("loom: unknown verb \(name); see loom --help", json: json, errorOutput) }
        var wantsJSON = json
        do {
            let parsed = try Arguments(global + Array(rest.dropFirst()), valued: Verb.common.union(verb.valued), flags: Verb.commonFlags.union(verb.flags))
            wantsJSON = parsed.flags.contains("json")
            if parsed.flags.contains("help") {
                output(verb.usage)
                return 0
            }
            let socket = SocketPath.resolve(parsed.options["socket"], environment: environment)
            if parsed.options["socket"] == nil { try SocketTrust.check(socket) }
            var invocation = Invocation(socketPath: socket, json: wantsJSON, output: output, standardInput: standardInput,
                                        descriptors: (STDIN_FILENO, STDOUT_FILENO))
            invocation.timeout = try parsed.options["timeout"].map { text throws(UsageError) in try Self.seconds(text, option: "timeout") }
            try verb.run(parsed, invocation)
            return 0
        } catch let error as UsageError {
            return fail("usage", "loom \(name): \(error)", hint: "usage: loom \(verb.synopsis)", status: 2, json: wantsJSON, errorOutput)
        } catch let error as ExitStatus {
            return fail("exit", error.message, status: error.status, json: wantsJSON, errorOutput)
        } catch let error as ConnectError {
            return fail("connect", "loom: \(error)", status: 3, json: wantsJSON, errorOutput)
        } catch let error as TimedOut {
            return fail("timeout", "loom \(name): \(error)", status: 4, json: wantsJSON, errorOutput)
        } catch let error as DaemonReply {
            return fail(error.code.rawValue, "loom \(name): \(error)", status: 1, json: wantsJSON, errorOutput)
        } catch {
            return fail("error", "loom \(name): \(error)", status: 1, json: wantsJSON, errorOutput)
        }
    }

    /// A duration option (`--timeout SECONDS`): a positive number of seconds, fractions allowed.
    static func seconds(_ text: String, option: String) throws(UsageError) -> Duration {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
            throw UsageError("--\(option) must be a number of seconds above 0 (at most a year), not \(text)")
        }
        return .milliseconds(Int64((seconds * 1_000).rounded(.up)))
    }

    private static func usage(_ message: String, json: Bool, _ errorOutput: (String) -> Void) -> Int32 {
        fail("usage", message, status: 2, json: json, errorOutput)
    }

    /// Reports a failure on standard error, as text (with a hint line) or, under `--json`, as
    /// `{"error":{"code":…,"message":…}}` for scripts to branch on; returns the exit status.
    private static func fail(_ code: String, _ message: String, hint: String? = nil, status: Int32, json: Bool, _ errorOutput: (String) -> Void) -> Int32 {
        if json {
            errorOutput(JSONWriter.string(["error": ["code": .string(code), "message": .string(message)]]))
        } else {
            errorOutput(hint.map { message + "\n" + $0 } ?? message)
        }
        return status
    }

    /// The column every verb's summary starts in, and the width the overview keeps to: a
    /// synopsis too long for the column has its summary on the next line, and one too long for
    /// the width goes on over lines of its own, so that one long verb does not push every
    /// summary off an ordinary terminal.
    static let summaryColumn = 30
    static let overviewWidth = 80

    /// A synopsis's words, an option in brackets being one word with what it holds, so that a
    /// line is never broken inside one.
    static func synopsisWords(_ synopsis: String) -> [Substring] {
        var words: [Substring] = []
        var start = synopsis.startIndex
        var depth = 0
        for index in synopsis.indices {
            switch synopsis[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case " " where depth == 0:
                if start < index { words.append(synopsis[start..<index]) }
                start = synopsis.index(after: index)
            default: break
            }
        }
        if start < synopsis.endIndex { words.append(synopsis[start...]) }
        return words
    }

    public static var overview: String {
        let verbs = Verb.all.map { verb in
            var lines = [String]()
            var line = " "
            for word in synopsisWords(verb.synopsis) {
                if line.count + 1 + word.count > overviewWidth, line.count > 4 {
                    lines.append(line)
                    line = "     "
                }
                line += " " + word
            }
            if line.count + 2 <= summaryColumn {
                lines.append(line + String(repeating: " ", count: summaryColumn - line.count) + verb.summary)
            } else {
                lines.append(line)
                lines.append(String(repeating: " ", count: summaryColumn) + verb.summary)
            }
            return lines.joined(separator: "\n")
        }
        return """
        loom: script and inspect loomd, the declarative terminal-UI render daemon.

        usage: loom [--socket PATH] [--timeout SECONDS] [--json] VERB [ARGUMENTS]

        \(verbs.joined(separator: "\n"))

        PATH is a JSON Pointer (RFC 6901): /jobs/3/status. JSON is one JSON text (quote
        strings: '"ok"'), - for standard input, or @FILE.
        The socket is --socket PATH, else $LOOM_SOCKET, else
        $XDG_RUNTIME_DIR/loom/loom.sock, else \(SocketPath.system).
        Options may come before the verb or after it.
        Exit status: 0 ok; 1 the daemon answered with an error (message on stderr;
        with --json, {"error":{"code":…,"message":…}}); 2 usage; 3 cannot connect;
        4 no answer within --timeout.
        loom help VERB (or loom VERB --help) tells more about one verb; loom --version.
        """
    }
}
