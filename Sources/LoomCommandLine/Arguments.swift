/// The argument parser of both programs, `loom`'s verbs and `loomd`: `--name value` and
/// `--name=value` options, `--flag`s, positional arguments, and `--` before positionals that
/// start with dashes; errors a person can act on (exit status 2). An option given twice takes
/// its last value, as in git and docker.
public struct Arguments {
    public private(set) var options: [String: String] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []

    /// Parses `arguments`; `valued` names the options that take a value, `known` the flags.
    public init(_ arguments: [String], valued: Set<String>, flags known: Set<String>) throws(UsageError) {
        var rest = arguments[...]
        var onlyPositionals = false
        while let argument = rest.popFirst() {
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
            } else if argument == "--" {
                onlyPositionals = true
            } else if let equals = argument.firstIndex(of: "=") {
                let name = String(argument[argument.index(argument.startIndex, offsetBy: 2)..<equals])
                guard valued.contains(name) else { throw UsageError("unknown option --\(name)") }
                options[name] = String(argument[argument.index(after: equals)...])
            } else {
                let name = String(argument.dropFirst(2))
                if valued.contains(name) {
                    guard let value = rest.popFirst() else { throw UsageError("--\(name) needs a value") }
                    options[name] = value
                } else if known.contains(name) {
                    flags.insert(name)
                } else {
                    throw UsageError("unknown option --\(name)")
                }
            }
        }
    }

    /// Exactly `count` positionals, named in the error when there are not.
    public func positionals(_ names: String...) throws(UsageError) -> [String] {
        guard positionals.count == names.count else {
            throw UsageError(names.isEmpty ? "no arguments expected" : "expected \(names.joined(separator: " ")), got \(positionals.count) argument(s)")
        }
        return positionals
    }
}
