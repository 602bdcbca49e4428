import Glibc
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

    public static var overview: String {
        let width = Verb.all.map(\.synopsis.count).max() ?? 0
        let verbs = Verb.all.map { verb in
            "  " + verb.synopsis + String(repeating: " ", count: width + 2 - verb.synopsis.count) + verb.summary
        }
        return """
        loom: script and inspect loomd, the declarative terminal-UI render daemon.

        usage: loom VERB [ARGUMENTS] [--socket PATH] [--json]

        \(verbs.joined(separator: "\n"))

        PATH is a JSON Pointer (RFC 6901): /jobs/3/status. JSON is one JSON text; quote strings: '"ok"'.
        The socket is --socket PATH, else $LOOM_SOCKET, else $XDG_RUNTIME_DIR/loom/loom.sock, else \(SocketPath.system).
        Exit status: 0 ok; 1 the daemon answered with an error (message on stderr); 2 usage; 3 cannot connect.
        loom help VERB (or loom VERB --help) tells more about one verb.
        """
    }
}
