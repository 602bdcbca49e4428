import LoomGraph
import LoomJSON

/// The document store: one JSON document per daemon, changed only by atomic transactions.
///
/// - Every transaction applies all its operations or none, and increments the revision.
/// - Views read it through tracked reads (`trackedValue`, `trackedMembers`); a change wakes
///   exactly the readers it affects (`DependencyIndex`).
/// - With a state directory, transactions are journaled in SQLite and made durable by
///   `commit()`, which the host calls once per loop turn (group commit) before acknowledging.
/// - Watches are told of the changes under their paths once per loop turn (`flushWatches()`).
///
/// Confined to one thread (the daemon's loop).
public final class Store {
    public private(set) var revision: Int64
    /// The newest revision whose transaction is on disk (equal to `revision` when ephemeral).
    public private(set) var durableRevision: Int64
    public let limits: JSONLimits
    /// Operations one transaction may hold.
    public var maximumOperations = 10_000
    /// Journal entries after which `commit()` writes a new snapshot and drops them.
    public var compactionInterval = 10_000

    private(set) var document: Document
    /// The last transaction's edit log, emptied, kept for its lists' storage.
    private var keptLog = Document.EditLog()
    private let dependencies = DependencyIndex()
    private var watches = Watches()
    /// Actions waiting for their revision to be durable, by `WaitToken`: in the order they came.
    private var waiters: [Int: (revision: Int64, action: () -> Void)] = [:]
    private var waitCount = 0
    private let journal: Journal?

    /// A store kept in memory only (`--ephemeral`: demos and tests).
    public init(limits: JSONLimits = .default) {
        self.limits = limits
        self.document = Document()
        document.maximumSize = limits.maximumDocumentBytes
        self.revision = 0
        self.durableRevision = 0
        self.journal = nil
    }

    /// A durable store in `stateDirectory`, restored from what was last committed there.
    public init(stateDirectory: String, synchronous: SynchronousMode = .full, limits: JSONLimits = .default) throws(DocumentError) {
        let restored = try Journal.open(directory: stateDirectory, synchronous: synchronous, limits: limits)
        self.limits = limits
        self.journal = restored.journal
        self.document = restored.document
        // What was acknowledged is restored whatever its size; from now on the limit holds.
        document.maximumSize = limits.maximumDocumentBytes
        self.revision = restored.revision
        self.durableRevision = restored.revision
    }

    // MARK: - Reading

    /// The whole document.
    public var root: JSONValue { document.root }

    /// The value at `pointer`, or nil when the path names nothing. Not tracked: for clients.
    public func value(at pointer: JSONPointer) -> JSONValue? {
        document.value(at: pointer)
    }

    /// The value at `pointer`, read by a view: its body depends on the whole value there.
    public func trackedValue(at pointer: JSONPointer) -> JSONValue? {
        if Dependency.isTracking { dependencies.value(pointer).read() }
        return document.value(at: pointer)
    }

    /// The member keys of the object at `pointer` (in insertion order), or the indices of the
    /// array there, read by a view: its body depends only on the membership, not on the values.
    public func trackedMembers(at pointer: JSONPointer) -> [String] {
        if Dependency.isTracking { dependencies.members(pointer).read() }
        switch document.value(at: pointer) {
        case .object(let object)?: return object.keys
        case .array(let elements)?: return elements.indices.map(String.init)
        default: return []
        }
    }

    /// How many members the container at `pointer` has, read by a view: it depends on the
    /// membership, as `trackedMembers` does, without making the list of a million keys.
    public func trackedCount(at pointer: JSONPointer) -> Int {
        if Dependency.isTracking { dependencies.members(pointer).read() }
        switch document.value(at: pointer) {
        case .object(let object)?: return object.count
        case .array(let elements)?: return elements.count
        default: return 0
        }
    }

    /// How many members of the container at `pointer` have each value of their member
    /// `member` (`/jobs` by `status`), read by a view: its body depends on the counts alone,
    /// which are kept up to date as transactions change members (`MemberCounts`) — a view of
    /// a million jobs' statuses depends on one thing, not a million. The first read counts;
    /// the counts are then kept for the store's lifetime.
    public func trackedCounts(at pointer: JSONPointer, by member: String) -> [JSONValue: Int] {
        let key = pointer.appending(member)
        let counts = memberCounts[key] ?? MemberCounts(container: pointer, member: member, document: document)
        memberCounts[key] = counts
        if Dependency.isTracking { counts.dependency.read() }
        return counts.counts
    }

    private var memberCounts: [JSONPointer: MemberCounts] = [:]

    // MARK: - Transactions

    /// Applies the operations of a JSON Patch atomically; returns the new revision.
    @discardableResult
    public func apply(_ operations: [PatchOperation]) throws(DocumentError) -> Int64 {
        guard operations.count <= maximumOperations else {
            throw DocumentError(.limitExceeded, "a transaction of \(operations.count) operations is over the limit of \(maximumOperations)")
        }
        return try transact { document, log in
            for (index, operation) in operations.enumerated() {
                do {
                    try self.checkDepth(of: operation)
                    try document.apply(operation, log: &log)
                } catch let error as DocumentError {
                    throw DocumentError(error.code, "operation \(index): \(error.message)", path: error.path)
                }
            }
        }
    }

    /// Parses JSON text from a client under this store's limits.
    public func parse(_ text: [UInt8]) throws(DocumentError) -> JSONValue {
        do {
            return try JSONParser.parse(text, limits: limits)
        } catch {
            throw DocumentError(error)
        }
    }

    /// Decodes and applies a JSON Patch document (RFC 6902).
    @discardableResult
    public func apply(patch: JSONValue) throws(DocumentError) -> Int64 {
        try apply(PatchOperation.decode(patch, limit: maximumOperations))
    }

    /// Sets the value at `pointer`, replacing it or creating it, and creating missing parent
    /// objects on the way (`loom set /jobs/42/status '"ok"'` works for a new job).
    @discardableResult
    public func set(_ value: JSONValue, at pointer: JSONPointer) throws(DocumentError) -> Int64 {
        try checkDepth(of: .add(pointer, value))
        return try transact { document, log in
            // A set usually finds its parent: one descent. Missing parents are made first, then.
            guard try !document.set(value, at: pointer, log: &log) else { return }
            var prefix = JSONPointer.root
            for token in pointer.tokens.dropLast() {
                prefix = prefix.appending(token)
                if document.value(at: prefix) == nil { try document.add(.object(JSONObject()), at: prefix, log: &log) }
            }
            try document.add(value, at: pointer, log: &log)
        }
    }

    /// Applies a JSON Merge Patch (RFC 7396) to the value at `pointer`. Merging into nothing
    /// writes the patch (without its `null`s) as `set` does, missing parent objects made.
    @discardableResult
    public func merge(_ patch: JSONValue, at pointer: JSONPointer) throws(DocumentError) -> Int64 {
        guard let target = document.value(at: pointer) else { return try set(MergePatch.withoutNulls(patch), at: pointer) }
        return try apply(MergePatch.operations(merging: patch, into: target, at: pointer))
    }

    /// Adds `delta` to the number at `pointer` (a missing value counts as 0). Integers stay
    /// integers until they would overflow.
    @discardableResult
    public func increment(at pointer: JSONPointer, by delta: JSONValue = .int(1)) throws(DocumentError) -> Int64 {
        let current = document.value(at: pointer) ?? .int(0)
        let result: JSONValue
        switch (current, delta) {
        case (.int(let a), .int(let b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            result = overflow ? .double(Double(a) + Double(b)) : .int(sum)
        default:
            guard let a = current.doubleValue else {
                throw DocumentError(.typeMismatch, "cannot increment a \(current.kindName)", path: pointer.description)
            }
            guard let b = delta.doubleValue else {
                throw DocumentError(.typeMismatch, "cannot increment by a \(delta.kindName)", path: pointer.description)
            }
            result = .double(a + b)
        }
        return try set(result, at: pointer)
    }

    private func checkDepth(of operation: PatchOperation) throws(DocumentError) {
        switch operation {
        case .add(let pointer, let value), .replace(let pointer, let value):
            let depth = pointer.tokens.count + value.depth
            guard depth <= limits.maximumDepth else {
                throw DocumentError(.limitExceeded, "the value would nest \(depth) deep, over the limit of \(limits.maximumDepth)", path: pointer.description)
            }
        default:
            break
        }
    }

    /// Runs edits as one transaction: all or none; then the revision, the journal, the readers.
    private func transact(_ edits: (inout Document, inout Document.EditLog) throws -> Void) throws(DocumentError) -> Int64 {
        if let stalled {
            throw DocumentError(.storage, "writes are refused until the state directory can be written again (\(stalled.message))")
        }
        var log = Document.EditLog()
        swap(&log, &keptLog)
        defer {
            log.removeAll()
            swap(&log, &keptLog)
        }
        do {
            try edits(&document, &log)
        } catch {
            document.undo(log)
            throw error as? DocumentError ?? DocumentError(.storage, "\(error)")
        }
        guard !log.performed.isEmpty else { return revision }
        revision += 1
        journal?.append(revision: revision, operations: log.performed)
        if journal == nil { durableRevision = revision }
        for change in log.changes {
            dependencies.notify(change)
            watches.record(change, revision: revision)
        }
        for counts in memberCounts.values where counts.update(after: log, in: document) {
            counts.dependency.changed()
        }
        return revision
    }

    // MARK: - Durability

    /// Makes every transaction so far durable (one SQLite transaction for all of them), then
    /// runs the waiters it satisfied. The host calls it once per loop turn, before replying.
    ///
    /// When the state directory cannot be written (a full disk), the commit throws and the
    /// transactions stay pending: applied, unacknowledged, written by the next `commit()` that
    /// succeeds (the host retries). Meanwhile new transactions are refused (`stalled`), so what
    /// waits is at most one turn's writes and no client is ever told a write failed that later
    /// turns out durable.
    @discardableResult
    public func commit() throws(DocumentError) -> Int64 {
        if let journal {
            do {
                try journal.commit()
                stalled = nil
            } catch {
                stalled = error
                throw error
            }
            durableRevision = revision
            compactIfDue(journal)
        }
        // Most turns have no waiter: no filtered dictionary and sorted list made for them.
        guard !waiters.isEmpty else { return durableRevision }
        let ready = waiters.filter { $0.value.revision <= durableRevision }.sorted { $0.key < $1.key }
        for (token, waiter) in ready {
            waiters[token] = nil
            waiter.action()
        }
        return durableRevision
    }

    /// Why the last commit failed, while its transactions wait to be written; nil when every
    /// transaction applied is durable or on its way in this turn's commit.
    public private(set) var stalled: DocumentError?

    /// The journal's length when a snapshot last could not be written: the next is tried
    /// `compactionInterval` entries later, so a snapshot the disk cannot hold is not rewritten
    /// every turn.
    private var entriesAtFailedSnapshot = 0

    /// Bytes of each part a snapshot is stored in, one part per commit (`SnapshotWriter`).
    public var snapshotPartBytes = 1 << 20

    /// The snapshot being made, if one is.
    private var snapshotWriter: SnapshotWriter?

    /// Whether a snapshot is being made (its text on a background thread, then its parts).
    public var isWritingSnapshot: Bool { snapshotWriter != nil }

    /// A snapshot once the journal is long enough, made without holding the loop: its text is
    /// written on a background thread and stored one part per commit (`SnapshotWriter`).
    /// Everything is durable already, so a snapshot that cannot be written costs only a longer
    /// journal: it is tried again later.
    private func compactIfDue(_ journal: Journal) {
        if let writer = snapshotWriter {
            do {
                guard try journal.writePart(of: writer, partBytes: snapshotPartBytes) else { return }
                try journal.finish(writer, newest: durableRevision)
                entriesAtFailedSnapshot = 0
            } catch {
                journal.abandon(writer)
                entriesAtFailedSnapshot = journal.entriesSinceSnapshot
            }
            snapshotWriter = nil
            return
        }
        guard journal.entriesSinceSnapshot - entriesAtFailedSnapshot >= compactionInterval else { return }
        snapshotWriter = SnapshotWriter(document: document.root, revision: revision)
    }

    /// Runs `action` once `revision` is durable: now (and nil is returned), or at the `commit()`
    /// that makes it so, unless the returned token is cancelled first (its asker went away).
    @discardableResult
    public func wait(for revision: Int64, _ action: @escaping () -> Void) -> WaitToken? {
        guard revision > durableRevision else {
            action()
            return nil
        }
        waitCount += 1
        waiters[waitCount] = (revision, action)
        return WaitToken(id: waitCount)
    }

    /// Forgets a wait: its action will not run.
    public func cancel(_ wait: WaitToken) {
        waiters[wait.id] = nil
    }

    /// Actions waiting for durability (a commit that failed keeps them: `stalled`).
    public var waitingActions: Int { waiters.count }

    /// The document's size as compact JSON text, about (`JSONValue.weight`): no value in it is
    /// larger, so a host needs to weigh a value it sends only when this passes its limit.
    public var documentBytes: Int { document.size }

    /// Transactions a start would replay on top of the snapshot (0 after `compact()`).
    public var entriesSinceSnapshot: Int { journal?.entriesSinceSnapshot ?? 0 }

    /// Writes a snapshot now and empties the journal (a clean shutdown makes the next start fast).
    public func compact() throws(DocumentError) {
        if let writer = snapshotWriter {
            journal?.abandon(writer)
            snapshotWriter = nil
        }
        try journal?.compact(document: document.root, revision: revision)
        entriesAtFailedSnapshot = 0
        durableRevision = revision
    }

    // MARK: - Watches

    /// Calls `handler` once per loop turn with the changes at or under `pointer` from now on.
    public func watch(_ pointer: JSONPointer, _ handler: @escaping ([WatchEvent]) -> Void) -> WatchToken {
        watch([pointer], handler)[0]
    }

    /// Watches `pointers` from now on, calling `handler` once per loop turn with the changes at
    /// or under each. With `since`, as a watcher that saw every change up to that revision and
    /// went away: the first delivery also has what changed after it, from the journal, coalesced
    /// as a turn's changes are, so the watcher misses nothing and is told nothing twice.
    ///
    /// Where the journal no longer reaches back that far (it keeps `Journal.retainedEntries`),
    /// the store is ephemeral, or `since` is not a revision of this store (newer than its own:
    /// another store), each path is reported whole at the current revision instead: what a
    /// watcher that applies the events holds is still what the store holds.
    public func watch(_ pointers: [JSONPointer], since: Int64? = nil, _ handler: @escaping ([WatchEvent]) -> Void) -> [WatchToken] {
        let history = since.map(history(after:))
        return pointers.map { pointer in
            let seed: [JSONPointer: Int64] = switch history {
            case nil: [:]
            case .some(nil): [pointer: revision]
            case .some(let history?): history.missed(by: pointer)
            }
            return watches.add(pointer, after: revision, seed: seed, handler)
        }
    }

    /// The changes after `since`, or nil where they are not known (see `watch(_:since:_:)`).
    private func history(after since: Int64) -> ChangeHistory? {
        if since == revision { return ChangeHistory([]) { _ in false } }
        guard let journal, let transactions = try? journal.history(after: since, through: revision) else { return nil }
        let document = self.document
        return ChangeHistory(transactions) { if case .object? = document.value(at: $0) { true } else { false } }
    }

    public func cancel(_ token: WatchToken) {
        watches.remove(token)
    }

    /// Watched paths looked at by deliveries so far (a counter for tests).
    var watchNodesVisited: Int { watches.nodesVisited }

    /// Delivers the changes since the last call to the watches; once per loop turn.
    public func flushWatches() {
        let document = self.document
        watches.flush { document.value(at: $0) }
    }
}
