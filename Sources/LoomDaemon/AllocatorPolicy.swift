import CMalloc

/// How the daemon asks glibc's allocator to place large blocks.
///
/// glibc maps a large block on its own (returned to the system when freed) only while it is
/// larger than a threshold that starts at 128 KiB and, by default, rises to the size of every
/// mapped block freed. While a large store loads, its collections' arrays are freed as they
/// grow: the threshold rises, their next generations are carved out of the heap, and the holes
/// they leave stay resident — how much depends on how frames and transactions happen to
/// interleave. A fixed threshold keeps every large block in a mapping of its own, so what a
/// collection frees goes back to the system.
enum AllocatorPolicy {
    /// Blocks of this many bytes or more get a mapping of their own. A megabyte: above every
    /// block a frame allocates (a 200x50 screen's cells are about 240 KB, and a frame's must
    /// stay in the heap, where reusing them costs no system call), below the collections of a
    /// large store. Setting it fixes it: glibc no longer raises it.
    static let mappedBlockThreshold: Int32 = 1 << 20

    /// Applies the policy to this process; `DaemonProgram` does so before the daemon starts.
    /// Returns whether glibc accepted it.
    @discardableResult
    static func apply() -> Bool {
        mallopt(M_MMAP_THRESHOLD, mappedBlockThreshold) == 1
    }

    /// The allocator's figures for `loom stats`, in KiB: memory in use (in the heap and in
    /// mappings), memory free in the heap that the process still holds (what fragmentation
    /// costs), and the part of what is in use that is in mappings of its own.
    static func figures() -> (inUse: Int, heldFree: Int, mapped: Int) {
        let info = mallinfo2()
        return ((info.uordblks &+ info.hblkhd) / 1_024, info.fordblks / 1_024, info.hblkhd / 1_024)
    }
}
