/// The columns of the grids placed, by number: a layout context names a grid's columns by
/// number (`LayoutContext.grid`), so that it stays plain data, copied and compared for every
/// box with nothing to retain.
///
/// Equal columns get the same number while they are remembered; different ones never do
/// (numbers are not reused), so a box kept from an earlier layout whose context names a number
/// was placed in those very columns. Past `maximumSets` remembered, all are forgotten; equal
/// columns then get a new number (their rows are placed again once, not reused).
struct GridColumnNumbers {
    private var numbers: [GridColumns: Int] = [:]
    private var columns: [Int: GridColumns] = [:]
    private var last = 0

    /// Distinct column sets remembered at most: more than the grids of any screen at every size
    /// its viewers have.
    static var maximumSets: Int { 256 }

    mutating func number(for columns: GridColumns) -> Int {
        if let number = numbers[columns] { return number }
        if numbers.count >= Self.maximumSets {
            numbers.removeAll(keepingCapacity: true)
            self.columns.removeAll(keepingCapacity: true)
        }
        last += 1
        numbers[columns] = last
        self.columns[last] = columns
        return last
    }

    /// The columns a number names (nil once forgotten).
    func columns(_ number: Int) -> GridColumns? { columns[number] }
}
