import Glibc
import LoomCommandLine
import LoomWire

/// `loom`'s entry point as a function of its inputs, so tests run it in-process and the
/// executable is only wiring. Exit status: 0 ok, 1 the daemon answered with an error,
/// 2 usage, 3 cannot connect.
public enum CommandLineTool {
    public static func run(_ arguments: [String], environment: [String: String], output: @escaping @Sendable (String) -> Void,
                           errorOutput: (String) -> Void, standardInput: @escaping @Sendable () -> [UInt8]) -> Int32 {
        guard let name = arguments.first, !["--help", "-h", "help"].contains(name) || arguments.count > 1 && name == "help" else {
            output(overview)
            return 0
        }
        if name == "help" {
            guard let verb = Verb.named(arguments[1]) else { errorOutput("loom: no verb \(arguments[1]); see loom --help"); return 2 }
            output(verb.usage)
            return 0
        }
        guard let verb = Verb.named(name) else {
            errorOutput("loom: unknown verb \(name); see loom --help")
            return 2
        }
        do {
            let parsed = try Arguments(Array(arguments.dropFirst()), valued: Verb.common.union(verb.valued), flags: Verb.commonFlags.union(verb.flags))
            if parsed.flags.contains("help") {
                output(verb.usage)
                return 0
            }
            let socket = SocketPath.resolve(parsed.options["socket"], environment: environment)
            if parsed.options["socket"] == nil { try SocketTrust.check(socket) }
            try verb.run(parsed, Invocation(socketPath: socket, json: parsed.flags.contains("json"), output: output, standardInput: standardInput,
                                                descriptors: (STDIN_FILENO, STDOUT_FILENO)))
            return 0
        } catch let error as UsageError {
            errorOutput("loom \(name): \(error)\nusage: loom \(verb.synopsis)")
            return 2
        } catch let error as ExitStatus {
            errorOutput(error.message)
            return error.status
        } catch let error as ConnectError {
            errorOutput("loom: \(error)")
            return 3
        } catch {
            errorOutput("loom \(name): \(error)")
            return 1
        }
    }

    /// The column every verb's summary starts in, and the width the overview keeps to: a
    /// synopsis too long for the column has its summary on the next line, and one too long for
    /// the width goes on over lines of its own, so that one long verb does not push every
    /// summary off an ordinary terminal.
    static let summaryColumn = 36
    static let overviewWidth = 100

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

        usage: loom VERB [ARGUMENTS] [--socket PATH] [--json]

        \(verbs.joined(separator: "\n"))

        PATH is a JSON Pointer (RFC 6901): /jobs/3/status. JSON is one JSON text; quote strings: '"ok"'.
        The socket is --socket PATH, else $LOOM_SOCKET, else $XDG_RUNTIME_DIR/loom/loom.sock,
        else \(SocketPath.system).
        Exit status: 0 ok; 1 the daemon answered with an error (message on stderr); 2 usage;
        3 cannot connect.
        loom help VERB (or loom VERB --help) tells more about one verb.
        """
    }
}
