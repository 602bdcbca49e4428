import Glibc
import LoomWire

/// `loom proxy`: the daemon's socket on standard input and output, byte for byte, so a viewer
/// on another machine reaches it through `ssh host loom proxy`. The proxy understands nothing
/// of the protocol; the daemon sees an ordinary connection (with the proxy's user's role).
enum Proxy {
    /// Copies both ways until the daemon closes the connection. At the end of `input` the
    /// socket's write side is shut, so the daemon still delivers what it owes.
    static func bridge(socket: Int32, input: Int32, output: Int32) throws {
        var inputOpen = true
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var pollers = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: inputOpen ? input : -1, events: Int16(POLLIN), revents: 0)]
            guard poll(&pollers, 2, -1) >= 0 else {
                if errno == EINTR { continue }
                throw DaemonReply(code: .proxy, message: "poll failed: \(String(cString: strerror(errno)))")
            }
            if pollers[0].revents != 0 {
                let count = read(socket, &buffer, buffer.count)
                if count <= 0 { return }
                try copy(buffer[0..<count], to: output, what: "standard output")
            }
            if inputOpen && pollers[1].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count <= 0 {
                    inputOpen = false
                    shutdown(socket, Int32(SHUT_WR))
                } else {
                    try copy(buffer[0..<count], to: socket, what: "the daemon")
                }
            }
        }
    }

    private static func copy(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, what: String) throws {
        guard writeAll(bytes, to: descriptor) else {
            throw DaemonReply(code: .proxy, message: "cannot write to \(what): \(String(cString: strerror(errno)))")
        }
    }
}
