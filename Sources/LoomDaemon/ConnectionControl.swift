import LoomJSON
import LoomLayout
import LoomLoop
import LoomStore
import LoomStoreViews
import LoomWire

/// A control connection's requests: the store's reads, writes, watches and waits, and the
/// daemon's scenes, stats, traces and snapshots.
extension Connection {
    /// Paths one connection may watch: each costs the store a subscription for as long as the
    /// connection lives; past it, `watch` is refused (`limit_exceeded`) and nothing is added.
    static let maximumWatches = 1_000

    func control(_ message: Message) {
        // A change's commit, the replies waiting for it, its watches and its frames: at the end of the turn.
        daemon.endTurnSoon()
        let store = daemon.store
        do throws(DocumentError) {
            switch message {
            case .patch(let id, let patch):
                acknowledgeWhenDurable(id, try store.apply(patch: patch))
            case .set(let id, let path, let value):
                acknowledgeWhenDurable(id, try store.set(value, at: try JSONPointer(path)))
            case .merge(let id, let path, let value):
                acknowledgeWhenDurable(id, try store.merge(value, at: try JSONPointer(path)))
            case .get(let id, let path):
                send(.value(id: id, revision: store.revision, value: store.value(at: try JSONPointer(path))))
            case .watch(let id, let paths, let since):
                guard watches.count + paths.count <= Self.maximumWatches else {
                    return reply(error: WireError(.limitExceeded, "a connection watches at most \(Self.maximumWatches) paths (\(watches.count) now)"), id: id)
                }
                let pointers = try paths.map { path throws(DocumentError) in try JSONPointer(path) }
                watches += store.watch(pointers, since: since) { [weak self] events in
                    for event in events { self?.sendChange(watch: id, event) }
                }
                send(.ok(id: id, revision: store.revision))
            case .wait(let id, let revision):
                // A revision not reached yet may never be: waiting for it would hold the request
                // (and whatever it keeps) for as long as nobody writes.
                guard revision <= store.revision else {
                    return reply(error: WireError(.noSuchRevision, "revision \(revision) is not reached (the store is at \(store.revision))"), id: id)
                }
                acknowledgeWhenDurable(id, revision)
            case .scenes(let id):
                let names = daemon.sceneNames
                send(.sceneList(id: id, scenes: names, origins: names.map { daemon.scenes[$0]?.origin.description ?? "" }))
            case .sceneApply(let id, let name, let document):
                do { try daemon.applyScene(name, text: Array(document.utf8), origin: .declared, by: credentials) } catch { return reply(error: error, id: id) }
                send(.ok(id: id, revision: nil))
            case .sceneGet(let id, let name):
                guard let scene = daemon.scenes[name] else { return reply(error: WireError(.noSuchScene, "no scene '\(name)'"), id: id) }
                guard let document = scene.document?.document else {
                    return reply(error: WireError(.invalidScene, "'\(name)' is \(scene.origin) (Swift views compiled into the daemon): it has no document"), id: id)
                }
                send(.sceneDocument(id: id, name: name, document: String(decoding: document.text, as: UTF8.self), origin: scene.origin.description))
            case .sceneRemove(let id, let name):
                do { try daemon.removeScene(name, by: credentials) } catch { return reply(error: error, id: id) }
                send(.ok(id: id, revision: nil))
            case .stats(let id):
                send(.statsReport(id: id, stats: daemon.statistics()))
            case .trace(let id, let scene):
                if let scene, !daemon.sceneNames.contains(scene) { return reply(error: WireError(.noSuchScene, "no scene '\(scene)'"), id: id) }
                traced.insert(scene)
                daemon.tracingChanged()
                send(.ok(id: id, revision: nil))
            case .snapshot(let id, let scene, let width, let height, let markup):
                let size: Size
                do { size = try daemon.screenSize(width, height) } catch { return reply(error: error, id: id) }
                guard let text = daemon.snapshot(scene: scene, size: size, markup: markup) else {
                    return reply(error: WireError(.noSuchScene, "no scene '\(scene)'"), id: id)
                }
                send(.snapshotText(id: id, text: text))
            default:
                break
            }
        } catch {
            reply(error: WireError(ErrorCode(error.code), error.message + (error.path.map { " (path \($0.isEmpty ? "\"\"" : $0))" } ?? "")), id: message.id)
        }
    }

    /// Replies `ok` once `revision` is durable (after the group commit of this loop turn).
    private func acknowledgeWhenDurable(_ id: RequestID, _ revision: Int64) {
        // Already durable (an ephemeral store, or nothing changed): no waiter to keep.
        guard revision > daemon.store.durableRevision else { return send(.ok(id: id, revision: revision)) }
        waitCount += 1
        let key = waitCount
        pendingWaits[key] = daemon.store.wait(for: revision) { [weak self] in
            self?.pendingWaits[key] = nil
            self?.send(.ok(id: id, revision: revision))
        }
    }
}
