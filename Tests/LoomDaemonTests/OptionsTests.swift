import Glibc
import LoomDaemon
import LoomLoop
import LoomWire
import Testing

@Suite("loomd's options")
struct OptionsTests {
    @Test func theSocketDefaultsFollowTheDocumentedOrder() throws {
        let options = try DaemonOptions.parse([])
        #expect(options.resolvedSocketPath(environment: ["LOOM_SOCKET": "/a.sock", "XDG_RUNTIME_DIR": "/run/user/1"]) == "/a.sock")
        #expect(options.resolvedSocketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1"]) == "/run/user/1/loom/loom.sock")
        #expect(options.resolvedSocketPath(environment: [:]) == "/run/loom-socket/loom.sock", "the system service's socket")
        #expect(try DaemonOptions.parse(["--socket", "/x.sock"]).resolvedSocketPath(environment: ["LOOM_SOCKET": "/a.sock"]) == "/x.sock")
        #expect(options.resolvedStateDirectory(environment: ["STATE_DIRECTORY": "/var/lib/loom"]) == "/var/lib/loom")
        #expect(try DaemonOptions.parse(["--ephemeral"]).resolvedStateDirectory(environment: [:]) == nil)
    }

    @Test(arguments: [
        (["--fps"], "needs a value"), (["--fps", "0"], "from 1 to 1000"), (["--log-level", "loud"], "must be error"),
        (["--wat"], "unknown option --wat"), (["wat"], "unknown argument 'wat'"), (["--ephemeral", "--state-dir", "/x"], "exclude each other"),
    ] as [([String], String)])
    func wrongCommandLinesSayWhatIsWrong(arguments: [String], message: String) {
        #expect { try DaemonOptions.parse(arguments) } throws: { "\($0)".contains(message) }
    }

    /// loomd reads its command line with `loom`'s parser: `--name=value` works, `-h` is help,
    /// and an option given as `--name=value` still wins over the configuration file.
    @Test func theCommandLineIsReadAsLoomReadsIt() throws {
        let options = try DaemonOptions.parse(["--socket=/x.sock", "--fps=30", "--config=loomd.json"])
        #expect(options.socketPath == "/x.sock" && options.framesPerSecond == 30 && options.configFile == "loomd.json")
        #expect(try options.applyingConfiguration { _ in Array(#"{"fps":90}"#.utf8) }.framesPerSecond == 30, "the command line wins")
        #expect(try DaemonOptions.parse(["-h"]).help && DaemonOptions.parse(["--help"]).help)
    }

    @Test func aConfigurationFileFillsWhatTheCommandLineLeftAndRolesComeFromIt() throws {
        let file = #"{"socket":"/cfg.sock","fps":30,"log_level":"debug","viewers":[1000,1001],"controllers":[7],"connections_per_user":50}"#
        let options = try DaemonOptions.parse(["--config", "loomd.json", "--fps", "90"]).applyingConfiguration { _ in Array(file.utf8) }
        #expect(options.socketPath == "/cfg.sock")
        #expect(options.framesPerSecond == 90, "the command line wins")
        #expect(options.logLevel == .debug)
        #expect(options.viewerUIDs == [1000, 1001])
        #expect(options.controllerUIDs == [7])
        #expect(options.connectionsPerUser == 50)
        #expect { try DaemonOptions.parse(["--config", "x"]).applyingConfiguration { _ in Array(#"{"connections_per_user":0}"#.utf8) } } throws: {
            "\($0)".contains("from 1 to 1000000")
        }
        #expect { try DaemonOptions.parse(["--config", "x"]).applyingConfiguration { _ in Array(#"{"colour":"blue"}"#.utf8) } } throws: {
            "\($0)".contains("unknown setting 'colour'")
        }
        #expect { try DaemonOptions.parse(["--config", "x"]).applyingConfiguration { _ in nil } } throws: { "\($0)".contains("cannot read") }
    }

    /// Roles go to user ids, user names and groups (`@name`); an entry that names nobody is
    /// said in one line that names it.
    @Test func rolesNameUsersAndGroups() throws {
        let file = #"{"viewers":["root","@root",1000],"controllers":["@daemon"]}"#
        let options = try DaemonOptions.parse(["--config", "x"]).applyingConfiguration { _ in Array(file.utf8) }
        #expect(options.viewerUIDs == [0, 1000] && options.viewerGroups == [0])
        #expect(options.controllerGroups == [UInt32(getgrnam("daemon").pointee.gr_gid)])
        #expect { try DaemonOptions.parse(["--config", "x"]).applyingConfiguration { _ in Array(#"{"viewers":["nobody-here-at-all"]}"#.utf8) } } throws: {
            "\($0)" == "x: 'viewers' names no user 'nobody-here-at-all'"
        }
        #expect { try DaemonOptions.parse(["--config", "x"]).applyingConfiguration { _ in Array(#"{"viewers":["@no-such-group"]}"#.utf8) } } throws: {
            "\($0)" == "x: 'viewers' names no group @no-such-group"
        }
        #expect { try DaemonOptions.parse(["--config", "x"]).applyingConfiguration { _ in Array(#"{"viewers":[true]}"#.utf8) } } throws: {
            "\($0)".contains("holds true, not a user id")
        }

        var policy = RolePolicy()
        policy.viewerGroups = [4242]
        #expect(policy.role(for: PeerCredentials(pid: 1, uid: 54321, gid: 4242)) == .viewer, "a member of a viewing group by its primary group")
        #expect(policy.role(for: PeerCredentials(pid: 1, uid: 54321, gid: 4243)) == .observer)
        policy.controllerGroups = [4243]
        #expect(policy.role(for: PeerCredentials(pid: 1, uid: 54321, gid: 4243)) == .control)
    }

    /// A daemon started by hand can be shared: its socket's mode and group are options, and the
    /// socket is made with them.
    @Test func theSocketsModeAndGroupAreOptions() throws {
        let options = try DaemonOptions.parse(["--socket-mode", "0660", "--socket-group", "daemon"])
        let daemonGroup = getgrnam("daemon").pointee.gr_gid
        #expect(options.socketMode == 0o660 && options.socketGroup == daemonGroup)
        #expect(try DaemonOptions.parse(["--socket-group=0"]).socketGroup == 0)
        for (arguments, message) in [(["--socket-mode", "0400"], "let the owner read and write"), (["--socket-mode", "9"], "octal"),
                                     (["--socket-group", "no-such-group"], "names no group 'no-such-group'")] {
            #expect { try DaemonOptions.parse(arguments) } throws: { "\($0)".contains(message) }
        }
        let daemon = DaemonThread(adjusting: { configuration in
            configuration.socketMode = 0o660
            configuration.socketGroup = daemonGroup
        })
        defer { daemon.shutDown() }
        var status = stat()
        #expect(stat(daemon.socket, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o660 && status.st_gid == daemonGroup, "mode \(String(status.st_mode & 0o777, radix: 8)), group \(status.st_gid)")
    }
}
