import Dispatch
import LoomJSON
import Synchronization

/// A snapshot made without holding the daemon's loop.
///
/// Its text is written on a background thread from the document as it was (values are
/// copy-on-write: the loop goes on changing its own copy, and only the paths it changes are
/// copied). The journal then stores the text in parts, one part per commit, each its own small
/// transaction, and makes it the snapshot in one last transaction that also drops the journal
/// rows it covers (`Journal.writePart`, `Journal.finish`). Until then the old snapshot and the
/// journal are the store: a crash at any point leaves them whole, and the parts of a snapshot
/// that was never finished are dropped at the next start.
final class SnapshotWriter {
    /// The revision the snapshot is of.
    let revision: Int64
    /// Bytes of the text stored so far, and the parts they took.
    var written = 0
    var parts = 0
    private let made = MadeText()
    private var text: [UInt8]?

    /// Filled by the background thread, read by the loop.
    private final class MadeText: Sendable {
        let text = Mutex<[UInt8]?>(nil)
    }

    init(document: JSONValue, revision: Int64) {
        self.revision = revision
        DispatchQueue.global(qos: .utility).async { [made] in
            let bytes = JSONWriter.bytes(document)
            made.text.withLock { $0 = bytes }
        }
    }

    /// The text, once the background thread has made it.
    var readyText: [UInt8]? {
        if text == nil { text = made.text.withLock { text in defer { text = nil }; return text } }
        return text
    }
}
