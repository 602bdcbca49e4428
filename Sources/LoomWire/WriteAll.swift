import Glibc

/// Writes all of `bytes` to a descriptor, retrying after signals and short writes; false when
/// the descriptor refuses (errno says why). Blocking clients use it for sockets, pipes and terminals.
@discardableResult
public func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
    var rest = ArraySlice(bytes)
    while !rest.isEmpty {
        let count = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        rest = rest.dropFirst(count)
    }
    return true
}
