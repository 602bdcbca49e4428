import LoomJSON

extension JSONValue {
    /// What a watcher does with a `changed` event: the value set at the path, or the path
    /// removed when there is none (a path whose parent is gone is nothing to do).
    public mutating func replay(path: JSONPointer, value: JSONValue?) {
        self = JSONValue.replaying(value, tokens: path.tokens[...], in: self) ?? .null
    }

    private static func replaying(_ new: JSONValue?, tokens: ArraySlice<String>, in value: JSONValue?) -> JSONValue? {
        guard let token = tokens.first else { return new }
        switch value {
        case .object(var object)?:
            object[token] = replaying(new, tokens: tokens.dropFirst(), in: object[token])
            return .object(object)
        case .array(var items)?:
            guard let index = Int(token), index <= items.count else { return value }
            // `JSONValue?.none`, not `nil`: there a nil literal is JSON's null (`ExpressibleByNilLiteral`).
            let child = replaying(new, tokens: tokens.dropFirst(), in: index < items.count ? items[index] : JSONValue?.none)
            if index == items.count { if let child { items.append(child) } } else if let child { items[index] = child } else { items.remove(at: index) }
            return .array(items)
        default:
            return value
        }
    }
}
