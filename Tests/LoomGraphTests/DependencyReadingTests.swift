import LoomGraph
import Testing

/// Rule 2: a body depends on what its last evaluation read, and on nothing else — however
/// the reads of one evaluation repeat, reorder or drop those of the one before.
@Suite("What a body depends on")
struct DependencyReadingTests {
    /// Sources outside the graph, and the ones the body reads, in order.
    private final class Sources {
        let a = Dependency(cause: .store("/a"))
        let b = Dependency(cause: .store("/b"))
        let c = Dependency(cause: .store("/c"))
        var reads: [Dependency] = []
    }

    private struct Reader: View {
        let sources: Sources
        var body: some View {
            for source in sources.reads { source.read() }
            return Text("read")
        }
    }

    @Test func aBodyDependsOnExactlyWhatItsLastEvaluationRead() {
        let sources = Sources()
        sources.reads = [sources.a, sources.b]
        let graph = mount(Reader(sources: sources))
        #expect(sources.a.hasDependents && sources.b.hasDependents && !sources.c.hasDependents)

        sources.reads = [sources.b, sources.a, sources.c, sources.b]
        graph.afterPass { sources.a.changed() }
        #expect(graph.bodies(Reader.self) == 1)
        #expect(sources.a.hasDependents && sources.b.hasDependents && sources.c.hasDependents, "read out of order and twice: each still once")

        sources.reads = [sources.c]
        graph.afterPass { sources.b.changed() }
        #expect(graph.bodies(Reader.self) == 1)
        #expect(!sources.a.hasDependents && !sources.b.hasDependents && sources.c.hasDependents, "what it stopped reading is let go of")

        graph.afterPass { sources.a.changed(); sources.b.changed() }
        #expect(graph.bodies(Reader.self) == 0, "a change to what it no longer reads evaluates nothing")

        sources.reads = [sources.c, sources.a]
        graph.afterPass { sources.c.changed() }
        #expect(sources.a.hasDependents && sources.c.hasDependents && !sources.b.hasDependents, "read again in order, then one more")
        graph.afterPass { sources.a.changed() }
        #expect(graph.bodies(Reader.self) == 1)
    }
}
