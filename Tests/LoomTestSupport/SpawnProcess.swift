import Glibc

/// Starts a program with posix_spawn, with no signal blocked (the calling thread's blocked
/// signals — a test runner's, a benchmark's — must not pass to the child), `actions` for its
/// descriptors, and `flags` added (a new session, say). Returns its pid, or nil.
public func spawnProcess(_ path: String, _ arguments: [String], environment: [String: String],
                         actions: inout posix_spawn_file_actions_t, flags: Int32 = 0) -> pid_t? {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    return posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 ? pid : nil
}
