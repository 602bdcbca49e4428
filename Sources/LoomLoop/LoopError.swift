import CLibUV

/// A libuv call that failed: which call, and libuv's name and message for the error.
public struct LoopError: Error, Sendable, Equatable, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public var name: String { String(cString: uv_err_name(code)) }
    public var message: String { String(cString: uv_strerror(code)) }
    public var description: String { "\(call): \(message) (\(name))" }

    /// Throws when a libuv status is an error.
    static func check(_ status: Int32, _ call: String) throws(LoopError) {
        if status < 0 { throw LoopError(call: call, code: status) }
    }
}
