extension Array {
    /// Empties the array and keeps its storage for the next elements, as
    /// `removeAll(keepingCapacity: true)` does, for the short lists the pipeline keeps from
    /// frame to frame (one frame, one viewer, a cause or two): that goes through the generic
    /// `replaceSubrange` (measured: about 200 instructions for one element), this takes each
    /// element off the end.
    @inlinable
    package mutating func removeAllKeepingStorage() {
        while popLast() != nil {}
    }

    /// Empties the array, keeping its storage only while it holds at most `capacity` elements:
    /// a list that is usually short keeps what it needs, and one that grew once (a burst)
    /// gives it back rather than holding it while idle.
    @inlinable
    package mutating func removeAll(keepingStorageUpTo capacity: Int) {
        if self.capacity <= capacity { removeAllKeepingStorage() } else { removeAll() }
    }
}
