import Glibc
import Synchronization

/// Where the tasks views start (`.task`) run: their jobs wait here and run on the graph's
/// thread at the start of its next pass, so a task's code reads and writes view state as a
/// button's action does, with no lock and no actor. A job that arrives from another thread (a
/// timer's, when `Task.sleep` ends) wakes the host as a model changed there does.
///
/// Jobs from other threads wait apart from the graph's own (a task just started, one resumed
/// by a view's action): a frame takes them at its first pass only (`ViewGraph.settle`), so what
/// arrives while a frame is being made is the next frame's, and what one frame evaluates does
/// not depend on how fast it was made. The graph's own jobs run at every pass.
///
/// Every pass asks whether jobs wait: counts read without the lock answer, so a graph with no
/// task pays two atomic loads per pass.
final class GraphExecutor: TaskExecutor {
    private struct Queues {
        var own: [UnownedJob] = []
        var arrived: [UnownedJob] = []
    }

    private let queues = Mutex(Queues())
    private let ownWaiting = Atomic<Int>(0)
    private let arrivedWaiting = Atomic<Int>(0)
    private let inbox: ObservationInbox
    private let thread: pthread_t

    init(inbox: ObservationInbox, thread: pthread_t) {
        self.inbox = inbox
        self.thread = thread
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let own = pthread_equal(thread, pthread_self()) != 0
        queues.withLock { queues in
            if own {
                queues.own.append(job)
                ownWaiting.add(1, ordering: .releasing)
            } else {
                queues.arrived.append(job)
                arrivedWaiting.add(1, ordering: .releasing)
            }
        }
        inbox.wake()
    }

    /// Whether jobs of the graph's own thread wait.
    var hasOwnJobs: Bool { ownWaiting.load(ordering: .acquiring) > 0 }

    /// Whether jobs from other threads wait.
    var hasArrivals: Bool { arrivedWaiting.load(ordering: .acquiring) > 0 }

    /// Whether any job waits, from whichever thread.
    var hasJobs: Bool { hasOwnJobs || hasArrivals }

    /// Runs the jobs waiting now, those from other threads only if `admittingArrivals`; the jobs
    /// they enqueue wait for the next call.
    func runPending(admittingArrivals: Bool) {
        let arrivals = admittingArrivals && hasArrivals
        guard arrivals || hasOwnJobs else { return }
        let batch = queues.withLock { queues in
            var batch: [UnownedJob] = []
            if arrivals {
                swap(&batch, &queues.arrived)
                arrivedWaiting.subtract(batch.count, ordering: .releasing)
            }
            batch += queues.own
            ownWaiting.subtract(queues.own.count, ordering: .releasing)
            queues.own.removeAll()
            return batch
        }
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

/// A task's operation, on its way to the graph's executor. It runs only there, on the thread
/// of the graph whose view made it, which is what makes sending it sound.
struct TaskOperation: @unchecked Sendable {
    let run: () async throws -> Void
}
