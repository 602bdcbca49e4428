import Foundation
@testable import LoomClient
import Testing

/// `loom attach --ssh` hands ssh one command line, which the remote user's shell splits again.
struct RemoteCommandTests {
    /// The words a POSIX shell reads back from the line, each ended by a NUL in `printf`'s output.
    private func wordsAShellReads(_ line: String) throws -> [String] {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf '%s\\0' " + line]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func everyWordReachesTheRemoteShellAsItWasGiven() throws {
        let words = ["loom", "proxy", "--socket", "/run/the loom/it's $HOME `id` \"x\" *.sock", "", "tab\there", "new\nline", "ü日本"]
        #expect(try wordsAShellReads(RemoteCommand.line(words)) == words)
    }

    @Test func plainWordsStayBareSoTheLineReadsAsTyped() {
        #expect(RemoteCommand.line(["loom", "proxy", "--socket", "/run/loom/loom.sock"]) == "loom proxy --socket /run/loom/loom.sock")
        #expect(RemoteCommand.line(["a b", "it's"]) == #"'a b' 'it'\''s'"#)
    }
}
