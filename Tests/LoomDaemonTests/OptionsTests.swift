import LoomDaemon
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
}
