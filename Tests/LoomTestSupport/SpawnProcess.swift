import Foundation
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

/// Runs a program to completion with posix_spawn and waitpid, its output read from a pipe (or
/// sent to /dev/null), with no signal blocked. Foundation's `Process` is not used for programs
/// that leave a daemon behind (tmux's first command starts its server): it waits for
/// descriptors the daemon keeps, and passes on the test threads' blocked signals. Its standard
/// error goes to the file `errorsTo` names (made or emptied), else to /dev/null.
public func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String]? = nil, captureOutput: Bool = true,
                         errorsTo: String? = nil) -> (status: Int32, output: String) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var ends: [Int32] = [-1, -1]
    if captureOutput {
        // Closed on exec (Swift's Glibc has no pipe2): only the child's dup2 copy, its stdout,
        // survives its exec — a program another test spawns meanwhile must not hold the pipe open.
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
    } else {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorsTo ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    guard let pid = spawnProcess(path, arguments, environment: environment ?? ProcessInfo.processInfo.environment, actions: &actions) else { return (-1, "") }
    var output: [UInt8] = []
    if captureOutput {
        close(ends[1])
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(ends[0], &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        close(ends[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ((status >> 8) & 0xFF, String(decoding: output, as: UTF8.self))
}
