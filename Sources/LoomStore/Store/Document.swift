import LoomCollections
import LoomJSON

/// The store's JSON document and its primitive edits (RFC 6902's add, remove, replace).
///
/// Every edit is in place: containers are moved out of their parent while being changed, so
/// changing one member of a million-member object copies nothing. Each edit appends how to undo
/// it to an `EditLog`, so a failing transaction is rolled back in place, and what it changed.
/// Descending a path recurses once per token; paths are bounded by `JSONLimits.maximumDepth`.
struct Document {
    private(set) var root: JSONValue
    /// The document's size as compact JSON text (`JSONValue.weight`), kept up to date by every
    /// edit and by `undo`.
    private(set) var size: Int
    /// Past it an edit is refused (`JSONLimits.maximumDocumentBytes`); unbounded while a
    /// journal is replayed, which must restore whatever was acknowledged.
    var maximumSize = Int.max

    init(root: JSONValue = .object(JSONObject())) {
        self.root = root
        self.size = root.weight()
    }

    /// What an edit may grow the document to: its size now and its limit, taken before the
    /// edit holds the document (so the check reads no part of it while it is being changed).
    private struct Budget {
        let size: Int
        let maximum: Int
        /// False while a transaction is undone: its steps restore what was, and count nothing.
        let counts: Bool

        /// The size once `added` (and `overhead` bytes) replaces `removed` bytes: refused past the maximum.
        func resized(adding added: JSONValue, overhead: Int, removing removed: Int, at pointer: JSONPointer) throws -> Int {
            guard counts else { return size }
            let room = maximum - (size - removed) - overhead
            let weight = added.weight(upTo: room)
            guard weight <= room else {
                throw DocumentError(.limitExceeded, "the document would pass its limit of \(maximum) bytes", path: pointer.description)
            }
            return size - removed + overhead + weight
        }
    }

    private var budget: Budget { Budget(size: size, maximum: maximumSize, counts: !undoing) }
    private var undoing = false

    /// How to take back the edits of a transaction, and what they changed.
    struct EditLog {
        fileprivate(set) var undo: [Undo] = []
        fileprivate(set) var changes: [Change] = []
        /// The primitive operations actually performed (what the journal replays).
        fileprivate(set) var performed: [PatchOperation] = []
        /// The document's size before the first edit.
        fileprivate(set) var sizeBefore: Int?

        /// The entries a list keeps storage for between transactions (`removeAll()`): a
        /// script's `set` makes one of each, and allocating and freeing the three lists was
        /// most of what a `set`'s transaction freed; a large patch's lists are freed rather
        /// than held while idle.
        static let keptCapacity = 16

        /// Empty for the next transaction, keeping the storage of lists within `keptCapacity`.
        mutating func removeAll() {
            undo.removeAll(keepingStorageUpTo: Self.keptCapacity)
            changes.removeAll(keepingStorageUpTo: Self.keptCapacity)
            performed.removeAll(keepingStorageUpTo: Self.keptCapacity)
            sizeBefore = nil
        }
    }

    enum Undo {
        case setRoot(JSONValue)
        case replace(JSONPointer, JSONValue)
        case remove(JSONPointer)
        case insertMember(parent: JSONPointer, key: String, value: JSONValue, position: Int)
        case insertElement(parent: JSONPointer, index: Int, value: JSONValue)
    }

    // MARK: - Reading

    /// The value at `pointer`, or nil when the path names nothing.
    func value(at pointer: JSONPointer) -> JSONValue? {
        root.value(at: pointer)
    }

    // MARK: - Edits

    mutating func add(_ value: JSONValue, at pointer: JSONPointer, log: inout EditLog) throws {
        _ = try add(value, at: pointer, replacingElement: false, log: &log)
    }

    /// `Store.set`'s edit in one descent: `add`, except that an array's existing element is
    /// replaced, not shifted along. False, and nothing done, when the parent does not exist
    /// (the store then makes the missing objects first).
    mutating func set(_ value: JSONValue, at pointer: JSONPointer, log: inout EditLog) throws -> Bool {
        try add(value, at: pointer, replacingElement: true, log: &log)
    }

    private mutating func add(_ value: JSONValue, at pointer: JSONPointer, replacingElement: Bool, log: inout EditLog) throws -> Bool {
        log.sizeBefore = log.sizeBefore ?? size
        guard let token = pointer.lastToken else {
            let newSize = try budget.resized(adding: value, overhead: 0, removing: size, at: pointer)
            log.undo.append(.setRoot(root))
            root = value
            size = newSize
            log.changes.append(.replaced(pointer))
            log.performed.append(.add(pointer, value))
            return true
        }
        var performed = PatchOperation.add(pointer, value)
        let budget = self.budget
        var newSize = size
        var reachedParent = false
        do {
            try modify(pointer.tokens.dropLast()) { container in
                reachedParent = true
                try Self.add(value, at: pointer, token: token, replacingElement: replacingElement, into: &container, budget: budget,
                             newSize: &newSize, performed: &performed, log: &log)
            }
        } catch where replacingElement && !reachedParent {
            return false
        }
        size = newSize
        log.performed.append(performed)
        return true
    }

    /// The edit of `add` inside the parent `container`.
    private static func add(_ value: JSONValue, at pointer: JSONPointer, token: String, replacingElement: Bool, into container: inout JSONValue,
                            budget: Budget, newSize: inout Int, performed: inout PatchOperation, log: inout EditLog) throws {
        // Containers are taken out before they change, so they change in place (see `modify`).
        if var object = container.takeObject() {
            defer { container = .object(object) }
            if let old = object[token] {
                newSize = try budget.resized(adding: value, overhead: 0, removing: old.weight(), at: pointer)
                object[token] = value
                log.undo.append(.replace(pointer, old))
                log.changes.append(.replaced(pointer))
            } else {
                newSize = try budget.resized(adding: value, overhead: token.utf8.count + 4, removing: 0, at: pointer)
                object[token] = value
                log.undo.append(.remove(pointer))
                log.changes.append(.inserted(pointer, inArray: false))
            }
        } else if var elements = container.takeArray() {
            defer { container = .array(elements) }
            if replacingElement, let index = JSONPointer.arrayIndex(token), index < elements.count {
                let old = elements[index]
                newSize = try budget.resized(adding: value, overhead: 0, removing: old.weight(), at: pointer)
                elements[index] = value
                log.undo.append(.replace(pointer, old))
                log.changes.append(.replaced(pointer))
                performed = .replace(pointer, value)
                return
            }
            let index: Int
            if token == "-" {
                index = elements.count
            } else if let parsed = JSONPointer.arrayIndex(token) {
                guard parsed <= elements.count else {
                    throw DocumentError(.indexOutOfRange, "index \(parsed) is past the end of an array of \(elements.count)", path: pointer.description)
                }
                index = parsed
            } else {
                throw DocumentError(.indexOutOfRange, "'\(token)' is not an array index", path: pointer.description)
            }
            newSize = try budget.resized(adding: value, overhead: 1, removing: 0, at: pointer)
            elements.insert(value, at: index)
            let inserted = JSONPointer(tokens: pointer.tokens.dropLast() + [String(index)])
            performed = .add(inserted, value)
            log.undo.append(.remove(inserted))
            log.changes.append(.inserted(inserted, inArray: true))
        } else {
            throw DocumentError(.typeMismatch, "cannot add a member to a \(container.kindName)", path: pointer.description)
        }
    }

    @discardableResult
    mutating func remove(at pointer: JSONPointer, log: inout EditLog) throws -> JSONValue {
        log.sizeBefore = log.sizeBefore ?? size
        guard let parent = pointer.parent, let token = pointer.lastToken else {
            throw DocumentError(.typeMismatch, "the whole document cannot be removed; replace it instead", path: "")
        }
        var freed = 0
        let counts = !undoing
        let removed: JSONValue = try modify(parent) { container in
            if var object = container.takeObject() {
                defer { container = .object(object) }
                guard let position = object.index(of: token), let old = object[token] else {
                    throw DocumentError(.pathNotFound, "no member '\(token)'", path: pointer.description)
                }
                object[token] = nil
                freed = counts ? old.weight() + token.utf8.count + 4 : 0
                log.undo.append(.insertMember(parent: parent, key: token, value: old, position: position))
                log.changes.append(.removed(pointer, inArray: false))
                return old
            }
            if var elements = container.takeArray() {
                defer { container = .array(elements) }
                guard let index = JSONPointer.arrayIndex(token), index < elements.count else {
                    throw DocumentError(.indexOutOfRange, "no element '\(token)' in an array of \(elements.count)", path: pointer.description)
                }
                let old = elements.remove(at: index)
                freed = counts ? old.weight() + 1 : 0
                log.undo.append(.insertElement(parent: parent, index: index, value: old))
                log.changes.append(.removed(pointer, inArray: true))
                return old
            }
            throw DocumentError(.typeMismatch, "a \(container.kindName) has no members", path: pointer.description)
        }
        size -= freed
        log.performed.append(.remove(pointer))
        return removed
    }

    mutating func replace(_ value: JSONValue, at pointer: JSONPointer, log: inout EditLog) throws {
        log.sizeBefore = log.sizeBefore ?? size
        let budget = self.budget
        var newSize = size
        let old: JSONValue = try modify(pointer) { target in
            newSize = try budget.resized(adding: value, overhead: 0, removing: target.weight(), at: pointer)
            defer { target = value }
            return target
        }
        size = newSize
        log.undo.append(pointer.isRoot ? .setRoot(old) : .replace(pointer, old))
        log.changes.append(.replaced(pointer))
        log.performed.append(.replace(pointer, value))
    }

    mutating func apply(_ operation: PatchOperation, log: inout EditLog) throws {
        switch operation {
        case .add(let pointer, let value):
            try add(value, at: pointer, log: &log)
        case .remove(let pointer):
            try remove(at: pointer, log: &log)
        case .replace(let pointer, let value):
            try replace(value, at: pointer, log: &log)
        case .move(let from, let to):
            guard from != to else {
                guard value(at: from) != nil else { throw DocumentError(.pathNotFound, "nothing to move", path: from.description) }
                return
            }
            if to.isWithin(from) {
                throw DocumentError(.invalidMove, "a value cannot be moved into itself", path: to.description)
            }
            let moved = try remove(at: from, log: &log)
            try add(moved, at: to, log: &log)
        case .copy(let from, let to):
            guard let copied = value(at: from) else { throw DocumentError(.pathNotFound, "nothing to copy", path: from.description) }
            try add(copied, at: to, log: &log)
        case .test(let pointer, let expected):
            guard let actual = value(at: pointer) else { throw DocumentError(.pathNotFound, "nothing to test", path: pointer.description) }
            guard actual == expected else {
                throw DocumentError(.testFailed, "expected \(expected) but found \(actual)", path: pointer.description)
            }
        }
    }

    /// Takes back the edits of `log`, newest first.
    mutating func undo(_ log: EditLog) {
        // The size is put back as it was; the steps below count nothing and refuse nothing.
        let sizeBefore = log.sizeBefore ?? size
        undoing = true
        defer {
            undoing = false
            size = sizeBefore
        }
        var scratch = EditLog()
        for undo in log.undo.reversed() {
            // Undoing an edit that succeeded cannot fail: each step restores the state it was made in.
            switch undo {
            case .setRoot(let value): root = value
            case .replace(let pointer, let value): try! replace(value, at: pointer, log: &scratch)
            case .remove(let pointer): try! remove(at: pointer, log: &scratch)
            case .insertMember(let parent, let key, let value, let position):
                try! modify(parent) { container in
                    guard var object = container.takeObject() else { preconditionFailure("undo found no object") }
                    object.insert(value, forKey: key, at: position)
                    container = .object(object)
                }
            case .insertElement(let parent, let index, let value):
                try! modify(parent) { container in
                    guard var elements = container.takeArray() else { preconditionFailure("undo found no array") }
                    elements.insert(value, at: index)
                    container = .array(elements)
                }
            }
        }
    }

    // MARK: - Descending

    /// Runs `body` on the value at `pointer` in place.
    private mutating func modify<Result>(_ pointer: JSONPointer, _ body: (inout JSONValue) throws -> Result) throws -> Result {
        try modify(pointer.tokens[...], body)
    }

    /// The same for the value the tokens name (a parent's: the pointer's tokens but the last,
    /// with no pointer made for it).
    private mutating func modify<Result>(_ tokens: ArraySlice<String>, _ body: (inout JSONValue) throws -> Result) throws -> Result {
        try Self.modify(&root, tokens, tokens, body)
    }

    private static func modify<Result>(_ value: inout JSONValue, _ tokens: ArraySlice<String>, _ all: ArraySlice<String>,
                                       _ body: (inout JSONValue) throws -> Result) throws -> Result {
        guard let token = tokens.first else { return try body(&value) }
        let rest = tokens.dropFirst()
        // The container is taken out of `value` (leaving null) before it is changed, so it is
        // uniquely referenced and changed in place: a `switch` binding a payload of an inout
        // enum keeps a second reference and made every edit copy the whole array or object.
        if var object = value.takeObject() {
            defer { value = .object(object) }
            guard let result = try object.modify(token, { try modify(&$0, rest, all, body) }) else {
                throw DocumentError(.pathNotFound, "no member '\(token)'", path: JSONPointer(tokens: Array(all)).description)
            }
            return result
        }
        if var elements = value.takeArray() {
            defer { value = .array(elements) }
            guard let index = JSONPointer.arrayIndex(token), index < elements.count else {
                throw DocumentError(.indexOutOfRange, "no element '\(token)' in an array of \(elements.count)", path: JSONPointer(tokens: Array(all)).description)
            }
            return try modify(&elements[index], rest, all, body)
        }
        throw DocumentError(.typeMismatch, "a \(value.kindName) has no member '\(token)'", path: JSONPointer(tokens: Array(all)).description)
    }
}
