import LoomJSON
import LoomLayout
import LoomLoop
import LoomStore
import LoomStoreViews
import LoomWire

/// A viewer's requests: attach, resize, input, acknowledgements, detach.
extension Connection {
    func viewer(_ message: Message) {
        switch message {
        case .attach(let id, let scene, let width, let height, let highlight):
            guard session == nil else { return reply(error: WireError(.malformedMessage, "already attached; detach first"), id: id) }
            let size: Size
            do { size = try daemon.screenSize(width, height) } catch { return reply(error: error, id: id) }
            guard let session = daemon.attach(self, to: scene, size: size) else {
                return reply(error: WireError(.noSuchScene, "no scene '\(scene)'"), id: id)
            }
            session.highlights = highlight
            self.session = session
            daemon.tracingChanged()
            send(.ok(id: id, revision: nil))
        case .detach(let id):
            guard session != nil else { return reply(error: Self.notAttached, id: id) }
            daemon.detach(self)
            send(.ok(id: id, revision: nil))
        case .resize(let width, let height):
            guard let session else { return reply(error: Self.notAttached, id: nil) }
            let size: Size
            do { size = try daemon.screenSize(width, height) } catch { return reply(error: error, id: nil) }
            session.viewport.resize(to: size)
            daemon.needFrame(for: session.graph)
        case .input(let event):
            guard let session else { return reply(error: Self.notAttached, id: nil) }
            guard let key = Key(event) else { return reply(error: WireError(.malformedMessage, "unknown key '\(event.key)'"), id: nil) }
            // A key that acts changes view state, which is this viewer's alone.
            if session.viewport.acts(key, in: session.graph.graph) {
                do throws(WireError) {
                    if try session.scene.prepareToAct(session, limit: daemon.configuration.maximumOwnGraphsPerScene) {
                        // Its evaluations are now its own: traced with its id, highlighted for it alone.
                        daemon.observeEvaluations(of: session.graph, in: session.scene)
                    }
                } catch {
                    return reply(error: error, id: nil)
                }
            }
            let revision = daemon.store.revision
            if session.viewport.handle(key, in: session.graph.graph) { daemon.needFrame(for: session.graph) }
            // A control bound to the store wrote it (a scene document's button, toggle or picker, or
            // a Swift view's): a transaction like a client's, and the log says whose input it was.
            if daemon.store.revision != revision {
                Log.write(.info, "\(credentials.map { $0.userName ?? "uid \($0.uid)" } ?? "a viewer") (viewer \(session.id)) changed the store from '\(session.scene.name)': revision \(daemon.store.revision)")
            }
        case .ack(let sequence):
            guard let session else { return reply(error: Self.notAttached, id: nil) }
            let wasBehind = session.isBehind(limit: daemon.configuration.maximumUnacknowledgedFrames)
            session.acknowledge(sequence, now: daemon.loop.now)
            if wasBehind { daemon.needFrame(for: session.graph) }
        default:
            break
        }
    }

    private static let notAttached = WireError(.notAttached, "attach to a scene first")
}
