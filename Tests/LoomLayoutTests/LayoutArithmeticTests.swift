import LoomCells
import LoomGraph
import LoomLayout
import LoomTestSupport
import Testing

/// No arithmetic on sizes, proposals or offsets traps, whatever a scene nests and whatever
/// numbers it gives: a scene's layout must never take the daemon down.
@Suite("Layout arithmetic never traps")
struct LayoutArithmeticTests {
    /// The four layouts that killed loomd with SIGILL: a spacer measured at an infinite
    /// proposal, then padded or bordered.
    @Test func aSpacerMeasuredAtInfinityCanBePaddedOrBordered() {
        #expect(render(VStack { VStack { Text("a"); Spacer() }.padding(1) }, 20, 5) == "\n a")
        #expect(render(VStack { VStack { Text("a"); Spacer() }.border(.blue) }, 20, 5) == "┌─┐\n│a│\n│ │\n│ │\n└─┘")
        #expect(render(HStack { HStack { Text("a"); Spacer() }.padding(1) }, 20, 3) == "\n a")
        #expect(render(VStack { Spacer().padding(1); Text("x") }, 20, 5) == "\n\n\n\nx")
    }

    @Test func hugeAndNegativeNumbersFromAViewAreClampedNotTrapped() {
        let extent = LayoutEngine.maximumExtent
        #expect(render(Text("a").padding(Int.max), 5, 2) == "")
        #expect(render(Text("a").padding(-3), 5, 1) == "a", "negative padding is none")
        #expect(render(VStack(spacing: Int.max) { Text("a"); Text("b") }, 3, 2) == "a", "b is past the screen")
        #expect(render(HStack(spacing: -4) { Text("a"); Text("b") }, 3, 1) == "ab", "negative spacing is none")
        #expect(render(Text("a").frame(width: -1, height: -1), 3, 1) == "", "a negative frame is empty")
        #expect(render(Text("a").frame(minWidth: Int.min, maxWidth: Int.max, minHeight: Int.max), 3, 2) == "")
        #expect(render(Spacer(minLength: Int.max), 3, 1) == "")
        #expect(render(Text("a\nb").lineLimit(-1), 3, 2) == "a…", "a limit below one line is one line")
        #expect(render(ScrollView { Color.red.frame(height: Int.max - 1) }, 3, 2) == "")
        #expect(render(LazyVStack { ForEach(0..<Int.max, id: \.self) { Text("\($0)") } }, 3, 2) == "0\n1")
        #expect(extent == Int(Int32.max))
    }

    /// The property: random trees of every primitive, container and modifier, nested up to
    /// past the depth limit, at random sizes (0x0, 1x1 and 4096x4096 among them), lay out
    /// without trapping, fill a grid of exactly the size asked for, and the operations a
    /// viewer is sent rebuild exactly that grid.
    @Test func randomTreesAtRandomSizesNeverTrapAndFillTheScreenExactly() {
        var sizes = SplitMix(state: 14)
        for seed in 0..<3_000 as Range<UInt64> {
            var tree = RandomViewTree(generator: SplitMix(state: seed))
            let view = tree.view()
            let size = LayoutProperty.size(for: seed, using: &sizes)
            let failure = LayoutProperty.check(view, size: size)
            #expect(failure == nil, "seed \(seed) at \(size): \(failure ?? "")")
            if failure != nil { return }
        }
    }
}
