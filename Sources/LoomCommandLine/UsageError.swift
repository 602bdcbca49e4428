/// A wrong command line (exit status 2).
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
