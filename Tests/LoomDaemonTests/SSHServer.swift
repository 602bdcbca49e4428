import Foundation
import Glibc
import LoomTestSupport

/// A real OpenSSH server on 127.0.0.1, for this test only: its own host key, port, configuration
/// and authorized key, in `directory`; logins by key as the current user, with `path` first on
/// the PATH of the commands they run. `command` is the ssh client line that reaches it.
final class SSHServer {
    let user = String(cString: getpwuid(getuid()).pointee.pw_name)
    private let port: Int
    private let directory: String
    private let pidFile: String

    var command: String { command(port: port) }

    /// The ssh client line for this server's keys, to `port` (another one: nothing listens).
    func command(port: Int) -> String {
        "ssh -p \(port) -i \(directory)/client_key -o UserKnownHostsFile=\(directory)/known_hosts -o StrictHostKeyChecking=accept-new -o BatchMode=yes -o LogLevel=ERROR"
    }

    init(directory: String, path: String) throws {
        self.directory = directory
        for tool in ["/usr/sbin/sshd", "/usr/bin/ssh", "/usr/bin/ssh-keygen"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw SSHServerFailure("\(tool) is needed (make test installs openssh-server and openssh-client)")
        }
        for key in ["host_key", "client_key"] {
            let made = spawnAndWait("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(directory)/\(key)"])
            guard made.status == 0 else { throw SSHServerFailure("ssh-keygen failed: \(made.output)") }
        }
        let clientKey = try String(contentsOfFile: "\(directory)/client_key.pub", encoding: .utf8)
        try "environment=\"PATH=\(path):/usr/bin:/bin\" \(clientKey)".write(toFile: "\(directory)/authorized_keys", atomically: true, encoding: .utf8)
        port = try Self.freePort()
        pidFile = "\(directory)/sshd.pid"
        try """
            ListenAddress 127.0.0.1
            Port \(port)
            HostKey \(directory)/host_key
            AuthorizedKeysFile \(directory)/authorized_keys
            PermitUserEnvironment yes
            PermitRootLogin prohibit-password
            StrictModes no
            UsePAM no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PidFile \(pidFile)

            """.write(toFile: "\(directory)/sshd_config", atomically: true, encoding: .utf8)
        // sshd's privilege separation directory, which Debian makes when the service starts.
        mkdir("/run/sshd", 0o755)
        let started = spawnAndWait("/usr/sbin/sshd", ["-f", "\(directory)/sshd_config", "-E", "\(directory)/sshd.log"])
        guard started.status == 0 else {
            throw SSHServerFailure("sshd did not start: \((try? String(contentsOfFile: "\(directory)/sshd.log", encoding: .utf8)) ?? "")")
        }
    }

    /// Stops the server (the sessions it forked end with their connections).
    func stop() {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        kill(pid, SIGTERM)
    }

    /// A TCP port nothing listens on now: the kernel's choice for a socket bound to port 0.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw SSHServerFailure("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct SSHServerFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
