import CMalloc
import Glibc
import LoomDaemon
import Testing

/// The daemon's allocator policy (`AllocatorPolicy`): a large block gets a mapping of its own,
/// given back when freed, however large the blocks freed before it were.
@Suite("The daemon's allocator")
struct AllocatorPolicyTests {
    @Test func aLargeBlockIsMappedOnItsOwnEvenAfterALargerOneWasFreed() throws {
        #expect(AllocatorPolicy.apply())
        // Left to itself, glibc raises its threshold to the size of a mapped block freed: the
        // next block of 2 MiB would be carved out of the heap.
        free(malloc(4 << 20))
        let block = try #require(malloc(2 << 20))
        defer { free(block) }
        // A mapped block is whole pages: its usable size is its mapping less the chunk's two
        // header words. A block in the heap is its request rounded to 16 bytes, plus one word.
        let headerBytes = 2 * MemoryLayout<Int>.size
        #expect((malloc_usable_size(block) + headerBytes) % sysconf(Int32(_SC_PAGESIZE)) == 0)
    }

    @Test func aBlockUnderTheThresholdStaysInTheHeap() throws {
        #expect(AllocatorPolicy.apply())
        // Glibc's own starting threshold (128 KiB) would map it: a frame's cells are reused
        // from the heap instead, with no system call.
        let block = try #require(malloc(512 << 10))
        defer { free(block) }
        let headerBytes = 2 * MemoryLayout<Int>.size
        #expect((malloc_usable_size(block) + headerBytes) % sysconf(Int32(_SC_PAGESIZE)) != 0)
    }
}
