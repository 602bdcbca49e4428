import LoomCommandLine
import LoomJSON
import LoomSceneDocuments
import LoomWire

/// `loom scene …`: boards declared as documents (docs/scene-documents.md), and `loom scenes`.
extension Verb {
    static let scene = Verb(
        name: "scene", summary: "validate, apply, read or remove a scene document",
        synopsis: "scene validate|apply|get|rm [NAME] [FILE|-]",
        help: """
        Scene documents are boards declared as JSON: SwiftUI's views and modifiers by name, bound
        to store paths (docs/scene-documents.md).

          validate FILE|-      checks a document without a daemon: every problem on a line of its
                               own, FILE:LINE:COLUMN, the JSON Pointer of the place, what is wrong
                               and the name meant when one is close; exit 1 if any
          apply NAME FILE|-    declares the scene NAME from the document, or replaces it under its
                               viewers, who stay attached; a document that does not validate
                               changes nothing (exit 1, its problems as validate prints them).
                               Kept in the daemon's state directory across restarts
          get NAME             prints a declared scene's document as it was applied
          rm NAME              removes a declared scene (its viewers are told and disconnected)

        Built-in scenes and the files of the daemon's --scenes directory cannot be replaced or
        removed through the socket. Example: loom scene apply ops board.json && loom attach ops
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            guard let action = arguments.positionals.first else { throw UsageError("expected validate, apply, get or rm") }
            let rest = Array(arguments.positionals.dropFirst())
            func expect(_ names: String...) throws(UsageError) {
                guard rest.count == names.count else { throw UsageError("scene \(action) takes \(names.joined(separator: " "))") }
            }
            switch action {
            case "validate":
                try expect("FILE|-")
                let (text, source) = try sceneText(rest[0], invocation)
                do {
                    let document = try SceneDocument.compile(text)
                    invocation.output(invocation.json ? JSONWriter.string(["valid": true, "views": .int(Int64(document.nodes.count))])
                                                      : "\(source): valid (\(document.nodes.count) views)")
                } catch let error as SceneDocumentError {
                    throw ExitStatus(1, error.lines(file: source).joined(separator: "\n"))
                }
            case "apply":
                try expect("NAME", "FILE|-")
                let (text, source) = try sceneText(rest[1], invocation)
                do {
                    guard case .ok = try invocation.ask({ .sceneApply(id: $0, name: rest[0], document: String(decoding: text, as: UTF8.self)) }) else { throw unexpected }
                } catch let reply as DaemonReply where reply.code == .invalidScene && !reply.message.hasPrefix("a declared scene's name") {
                    // The daemon's lines start with LINE:COLUMN or a pointer: the file goes first.
                    throw ExitStatus(1, reply.message.split(separator: "\n").map { line in
                        source + (line.first?.isNumber == true ? ":" : " ") + line
                    }.joined(separator: "\n"))
                }
            case "get":
                try expect("NAME")
                guard case .sceneDocument(_, _, let document, _) = try invocation.ask({ .sceneGet(id: $0, name: rest[0]) }) else { throw unexpected }
                invocation.output(document.hasSuffix("\n") ? String(document.dropLast()) : document)
            case "rm":
                try expect("NAME")
                guard case .ok = try invocation.ask({ .sceneRemove(id: $0, name: rest[0]) }) else { throw unexpected }
            default:
                throw UsageError("unknown action '\(action)': expected validate, apply, get or rm")
            }
        })

    static let scenes = Verb(
        name: "scenes", summary: "list the scenes and where each comes from", synopsis: "scenes",
        help: """
        Lists the daemon's scenes, one per line with where it comes from: built-in (Swift views
        compiled into the daemon), declared (a document applied with loom scene apply) or the
        file of the --scenes directory it is read from. --json: [{"name": …, "origin": …}].
        """,
        valued: [], flags: [],
        run: { arguments, invocation in
            _ = try arguments.positionals()
            guard case .sceneList(_, let names, let origins) = try invocation.ask({ .scenes(id: $0) }) else { throw unexpected }
            let listed = names.enumerated().map { ($0.element, $0.offset < origins.count ? origins[$0.offset] : "") }
            if invocation.json {
                invocation.output(JSONWriter.string(.array(listed.map { ["name": .string($0.0), "origin": .string($0.1)] })))
            } else {
                let width = (names.map(\.count).max() ?? 0) + 2
                for (name, origin) in listed {
                    invocation.output(origin.isEmpty ? name : name + String(repeating: " ", count: width - name.count) + origin)
                }
            }
        })

    /// A document's text from a file or standard input (`-`), refused past the size any daemon
    /// accepts before it is read whole.
    private static func sceneText(_ argument: String, _ invocation: Invocation) throws(UsageError) -> ([UInt8], String) {
        let limit = SceneDocumentLimits.default.maximumBytes
        let (text, source) = argument == "-" ? (invocation.standardInput(), "standard input") : (try readFile(argument, atMost: limit), argument)
        guard text.count <= limit else { throw UsageError("\(source) holds more than the \(limit) bytes a scene document may have") }
        return (text, source)
    }
}
