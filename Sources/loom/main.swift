import Foundation
import LoomClient

/// Output goes straight to the descriptor, one line at a time, so `loom watch | …` streams.
@Sendable func write(_ text: String, to descriptor: Int32) {
    var bytes = Array((text + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { exit(errno == EPIPE ? 0 : 1) }
        written += count
    }
}

signal(SIGPIPE, SIG_IGN)
var environment: [String: String] = [:]
for name in ["LOOM_SOCKET", "XDG_RUNTIME_DIR"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}
exit(CommandLineTool.run(
    Array(CommandLine.arguments.dropFirst()), environment: environment,
    output: { write($0, to: STDOUT_FILENO) },
    errorOutput: { write($0, to: STDERR_FILENO) },
    standardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) }))
