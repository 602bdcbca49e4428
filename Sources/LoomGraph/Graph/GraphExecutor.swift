import Synchronization

/// Where the tasks views start (`.task`) run: their jobs wait here and run on the graph's
/// thread at the start of its next pass, so a task's code reads and writes view state as a
/// button's action does, with no lock and no actor. A job that arrives from another thread (a
/// timer's, when `Task.sleep` ends) wakes the host as a model changed there does.
///
/// Every pass asks whether jobs wait: a count read without the lock answers, so a graph with no
/// task pays one atomic load per pass.
final class GraphExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    private let waiting = Atomic<Int>(0)
    private let inbox: ObservationInbox

    init(inbox: ObservationInbox) {
        self.inbox = inbox
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { jobs in
            jobs.append(job)
            waiting.add(1, ordering: .releasing)
        }
        inbox.wake()
    }

    var hasPending: Bool { waiting.load(ordering: .acquiring) > 0 }

    /// Runs the jobs waiting now (those they enqueue wait for the next call).
    func runPending() {
        guard hasPending else { return }
        let batch = jobs.withLock { jobs in
            defer { jobs.removeAll() }
            waiting.subtract(jobs.count, ordering: .releasing)
            return jobs
        }
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

/// A task's operation, on its way to the graph's executor. It runs only there, on the thread
/// of the graph whose view made it, which is what makes sending it sound.
struct TaskOperation: @unchecked Sendable {
    let run: () async throws -> Void
}
