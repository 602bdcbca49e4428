import LoomCells
import Testing

@Suite("Emptying a list kept from frame to frame")
struct ArrayEmptyingTests {
    private final class Tally { var alive = 0 }
    private final class Counted {
        let tally: Tally
        init(_ tally: Tally) { self.tally = tally; tally.alive += 1 }
        deinit { tally.alive -= 1 }
    }

    @Test func anEmptiedArrayReleasesEveryElementAndKeepsItsStorage() {
        let tally = Tally()
        var list = (0..<5).map { _ in Counted(tally) }
        list.reserveCapacity(64)
        let capacity = list.capacity
        list.removeAllKeepingStorage()
        #expect(list.isEmpty)
        #expect(tally.alive == 0, "every element released")
        #expect(list.capacity == capacity, "the storage kept for the next frame's elements")
        var empty: [Int] = []
        empty.removeAllKeepingStorage()
        #expect(empty.isEmpty)
    }

    @Test func aSharedArrayIsEmptiedWithoutTouchingItsCopy() {
        var list = [1, 2, 3]
        let copy = list
        list.removeAllKeepingStorage()
        #expect(list.isEmpty && copy == [1, 2, 3])
    }

    @Test func anArrayKeepsItsStorageUpToABoundAndGivesBackWhatABurstGrew() {
        let tally = Tally()
        var short = [Counted(tally)]
        short.reserveCapacity(16)
        let capacity = short.capacity
        short.removeAll(keepingStorageUpTo: capacity)
        #expect(short.isEmpty && tally.alive == 0)
        #expect(short.capacity == capacity, "within the bound: kept")
        var burst = (0..<1_000).map { _ in Counted(tally) }
        burst.removeAll(keepingStorageUpTo: 16)
        #expect(burst.isEmpty && tally.alive == 0)
        #expect(burst.capacity == 0, "past the bound: given back")
    }
}
