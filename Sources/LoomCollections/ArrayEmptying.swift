/// The most elements `removeAllKeepingStorage` takes off one by one: each costs about a
/// dozen instructions (a uniqueness check, a release), `removeAll(keepingCapacity:)` about
/// 200 whatever the count (measured), so a longer list (a row's cells) is emptied at once.
@usableFromInline let elementsPoppedOneByOne = 16

extension Array {
    /// Empties the array and keeps its storage for the next elements, as
    /// `removeAll(keepingCapacity: true)` does, for the lists the pipeline keeps from frame to
    /// frame: most are short (one frame, one viewer, a cause or two), and for those the generic
    /// `replaceSubrange` that call goes through costs more (measured: about 200 instructions
    /// for one element) than taking each element off the end. Past `elementsPoppedOneByOne`,
    /// the same call it would have made.
    @inlinable
    package mutating func removeAllKeepingStorage() {
        if count > elementsPoppedOneByOne { return removeAll(keepingCapacity: true) }
        while popLast() != nil {}
    }

    /// Empties the array, keeping its storage only while it holds at most `capacity` elements:
    /// a list that is usually short keeps what it needs, and one that grew once (a burst)
    /// gives it back rather than holding it while idle.
    @inlinable
    package mutating func removeAll(keepingStorageUpTo capacity: Int) {
        if self.capacity <= capacity { removeAllKeepingStorage() } else { removeAll() }
    }

    /// Takes the elements out, leaving the array empty over the storage `spare` kept: a list
    /// taken every turn (the connections to flush, the dirty nodes of a pass) allocates nothing
    /// once both storages have grown, and what is appended to the array while the taken
    /// elements are handled is the next turn's. Give the taken list back with `keepStorage(of:)`.
    /// (Two calls rather than one with a closure: the array is appended to meanwhile, which an
    /// `inout` access held across a closure would forbid.)
    @inlinable
    package mutating func takeAll(keepingStorageIn spare: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &spare)
        swap(&taken, &self)
        return taken
    }

    /// Empties a list `takeAll` took and keeps its storage here, as the next take's spare.
    @inlinable
    package mutating func keepStorage(of taken: inout [Element]) {
        taken.removeAllKeepingStorage()
        swap(&self, &taken)
    }
}
