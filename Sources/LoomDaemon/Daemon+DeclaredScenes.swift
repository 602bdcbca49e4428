import LoomDocumentViews
import LoomLoop
import LoomSceneDocuments
import LoomWire

/// Scenes declared as documents (docs/scene-documents.md): applied through the socket and kept
/// in the state directory, or read from the scenes directory at start and on SIGHUP. A document
/// is validated whole before anything changes; applied to a scene that exists, it replaces the
/// scene's document under its viewers, who stay attached and keep their view state wherever the
/// document's structure did not change.
extension Daemon {
    /// The state directory's declared scenes (nil for an ephemeral daemon: they live in memory).
    var declaredSceneFiles: SceneFiles? {
        configuration.stateDirectory.map { SceneFiles(directory: $0 + "/scenes") }
    }

    /// Declares `name` from `text`, or replaces its document. Refused, with nothing changed: a
    /// name that is not a file name, a built-in scene, a scene a file owns (for the socket), a
    /// document that does not validate (`invalid_scene`, one problem per line of the message).
    func applyScene(_ name: String, text: [UInt8], origin: SceneOrigin, by peer: PeerCredentials? = nil) throws(WireError) {
        guard SceneFiles.isValidName(name) else {
            throw WireError(.invalidScene, "a declared scene's name is letters, digits, -, _ and . (not first), at most \(SceneFiles.maximumNameBytes) bytes: '\(name)'")
        }
        let existing = scenes[name]
        if let existing, existing.origin != origin {
            switch existing.origin {
            case .builtIn:
                throw WireError(.forbidden, "'\(name)' is a built-in scene (Swift views compiled into the daemon); declare yours under another name")
            case .file(let path) where origin == .declared:
                throw WireError(.forbidden, "'\(name)' is read from \(path): edit the file and reload the daemon (systemctl reload loomd)")
            default:
                break
            }
        }
        let document: SceneDocument
        do {
            document = try SceneDocument.compile(text, replacing: existing?.document?.document)
        } catch {
            throw WireError(.invalidScene, error.lines().joined(separator: "\n"))
        }
        if origin == .declared, let files = declaredSceneFiles {
            do { try files.write(text, name: name) } catch { throw WireError(ErrorCode(.storage), "the scene was not applied: \(error)") }
        }
        if let existing, let model = existing.document, existing.origin == origin {
            model.replace(with: document)
        } else {
            if let existing { dropScene(existing, reason: "the scene '\(name)' is now \(origin)") }
            let model = SceneDocumentModel(document)
            register(Scene(name: name, root: SceneDocumentView(model: model), store: store, origin: origin, document: model))
        }
        endTurnSoon()
        Log.write(.info, "scene '\(name)' \(existing == nil ? "declared" : "replaced") (\(origin))" + (peer.map { " by \($0.userName ?? "uid \($0.uid)")" } ?? ""))
    }

    /// Removes a declared scene; its viewers are told why and disconnected.
    func removeScene(_ name: String, by peer: PeerCredentials? = nil) throws(WireError) {
        guard let scene = scenes[name] else { throw WireError(.noSuchScene, "no scene '\(name)'") }
        switch scene.origin {
        case .builtIn: throw WireError(.forbidden, "'\(name)' is a built-in scene: it cannot be removed")
        case .file(let path): throw WireError(.forbidden, "'\(name)' is read from \(path): remove the file and reload the daemon (systemctl reload loomd)")
        case .declared: break
        }
        if let files = declaredSceneFiles {
            do { try files.remove(name) } catch { throw WireError(ErrorCode(.storage), "the scene was not removed: \(error)") }
        }
        dropScene(scene, reason: "the scene '\(name)' was removed")
        Log.write(.info, "scene '\(name)' removed" + (peer.map { " by \($0.userName ?? "uid \($0.uid)")" } ?? ""))
    }

    /// Stops serving `scene`: its viewers get a `bye` with the reason.
    private func dropScene(_ scene: Scene, reason: String) {
        for session in scene.sessions {
            session.connection.send([.bye(reason: reason)], thenClose: true)
        }
        for graph in scene.graphs { graph.graph.setWakeUp(nil) }
        unregister(scene.name)
    }

    /// At start: the declared scenes kept in the state directory, then the scenes directory's
    /// files (a file owns its name: a declared scene of the same name is set aside, logged).
    /// A document that does not validate is logged with its file, line and pointer, and skipped.
    func loadDeclaredScenes() {
        if let files = declaredSceneFiles { load(files, origin: { _ in .declared }) }
        reloadSceneFiles()
    }

    /// The scenes directory read again (SIGHUP): new files declared, changed ones replaced under
    /// their viewers, removed ones dropped. A file that does not validate keeps its previous
    /// version running.
    func reloadSceneFiles() {
        guard let directory = configuration.scenesDirectory else { return }
        let files = SceneFiles(directory: directory)
        let present = load(files, origin: { .file($0) })
        for scene in scenes.values where !present.contains(scene.name) {
            guard case .file = scene.origin else { continue }
            dropScene(scene, reason: "the scene '\(scene.name)' was removed from \(directory)")
            Log.write(.info, "scene '\(scene.name)' removed: its file is gone")
        }
    }

    @discardableResult
    private func load(_ files: SceneFiles, origin: (String) -> SceneOrigin) -> Set<String> {
        let (documents, problems) = files.read()
        for problem in problems { Log.write(.warning, problem) }
        var names: Set<String> = []
        for (name, path, text) in documents {
            names.insert(name)
            let wanted = origin(path)
            if let declared = scenes[name], declared.origin == .declared, case .file = wanted {
                Log.write(.warning, "scene '\(name)': \(path) owns the name; the declared scene of that name is set aside while the file exists")
                dropScene(declared, reason: "the scene '\(name)' is now read from \(path)")
            }
            do {
                try applyScene(name, text: text, origin: wanted)
            } catch {
                let lines = error.message.split(separator: "\n").map { line in
                    error.code == .invalidScene && line.first?.isNumber == true ? "\(path):\(line)" : "\(path): \(line)"
                }
                Log.write(.error, "scene '\(name)' not loaded" + (scenes[name] != nil ? " (its previous version stays)" : "") + ": " + lines.joined(separator: "; "))
            }
        }
        return names
    }
}
