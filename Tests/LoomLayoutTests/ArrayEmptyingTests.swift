import LoomCollections
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

    /// Past `elementsPoppedOneByOne` (a row's cells), emptied at once, with the same result.
    @Test func aLongArrayIsEmptiedWholeAndKeepsItsStorage() {
        let tally = Tally()
        var list = (0..<1_000).map { _ in Counted(tally) }
        let storage = list.withUnsafeBufferPointer { $0.baseAddress }
        list.removeAllKeepingStorage()
        #expect(list.isEmpty && tally.alive == 0, "every element released")
        list.append(Counted(tally))
        #expect(list.withUnsafeBufferPointer { $0.baseAddress } == storage, "the storage kept")
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

    @Test func aListTakenEveryTurnReusesTwoStoragesAndKeepsWhatIsAppendedMeanwhileForTheNextTurn() {
        let tally = Tally()
        var pending: [Counted] = [], spare: [Counted] = []
        func storage(_ list: [Counted]) -> UnsafeRawPointer? { list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        var seen = Set<UnsafeRawPointer?>()
        for turn in 0..<4 {
            pending.append(Counted(tally))
            if turn >= 2 { seen.insert(storage(pending)) }
            var taken = pending.takeAll(keepingStorageIn: &spare)
            let handed = taken.count
            #expect(pending.isEmpty, "the list is empty while its elements are handled")
            if turn == 0 { pending.append(Counted(tally)) }
            spare.keepStorage(of: &taken)
            #expect(handed == (turn == 1 ? 2 : 1), "what was appended while handling is the next turn's")
            #expect(spare.isEmpty && taken.isEmpty && tally.alive == pending.count, "the taken elements released, the storage kept")
        }
        #expect(seen.count <= 2 && !seen.contains(nil), "once both have grown, the turns alternate between two storages")
    }
}
