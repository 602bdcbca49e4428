/// What a connection may leave unwritten: bytes queued for a client that does not read them
/// (libuv's write queue and the turn's buffer), past which each kind of stream has its policy,
/// named here and in Protocol/README.md ("Output budget"):
///
/// - `changed` (a watch): past `highMark`, changes are held back, coalesced per path (a path
///   changed a thousand times is one entry); once the client has read down to `lowMark`, each
///   held path is sent once with its value then (a watcher applying them holds what the store
///   holds, as ever). What is held is bounded by the document's paths, not by the changes.
/// - `evaluation` (a trace): past `highMark`, evaluations are dropped and counted; once read down
///   to `lowMark`, one `dropped` message says how many.
/// - requests: past `highMark`, nothing more is read from the client or handled of what it
///   already sent (backpressure: its writes wait in the kernel); once it has read down to
///   `lowMark`, reading resumes. No reply is lost, and none is made before there is room for it.
/// - viewer frames: flow control bounds them (two unacknowledged frames); they count towards
///   the marks like everything queued.
///
/// The marks are far above what a reading client ever has queued (a reply is written before the
/// next request is read), and far below what would hurt the daemon: 4 MiB a connection.
/// Tests lower them to see the policies fire without queuing megabytes.
public struct OutputBudget: Sendable {
    /// Past it, each stream's policy fires.
    public var highMark = 4 << 20
    /// Read down to it, held streams resume.
    public var lowMark = 1 << 20

    public init() {}
}
