import Glibc
import LoomGraph
import LoomJSON
import LoomLayout
import LoomTestSupport
import LoomWire

/// What `LOOM_FUZZ_TARGET` names (docs/fuzzing.md): `protocol` (the default), `layout`, `daemon` or `scene`.
let fuzzTarget = getenv("LOOM_FUZZ_TARGET").map { String(cString: $0) } ?? "protocol"

/// One fuzz input, for the target chosen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch fuzzTarget {
    case "layout": fuzzLayout(bytes)
    case "daemon": DaemonFuzzer.shared.run(bytes)
    case "scene": fuzzScene(bytes)
    default: fuzzProtocol(bytes)
    }
    return 0
}

/// A report on standard error, then a trap libFuzzer catches with the input that caused it.
func failFuzzing(_ report: String) -> Never {
    _ = (report + "\n" + FuzzClient.onFailure() + "\n").withCString { write(2, $0, strlen($0)) }
    abort()
}

/// The layout target: the input picks a screen size and a view tree (`RandomViewTree`, the
/// generator of the suite's property test, drawing its choices from the bytes); laid out and
/// drawn, it must not trap, and must fill a grid of exactly that size that the operations sent
/// rebuild (`LayoutProperty`).
func fuzzLayout(_ bytes: [UInt8]) {
    // Each side 0…159, or the largest screen along one side (a 4096x4096 grid takes a second to
    // draw and diff: the suite's property test covers it).
    guard bytes.count >= 2 else { return }
    let width = bytes[0] == 255 ? 4_096 : Int(bytes[0] % 160)
    let size = Size(width: width, height: bytes[1] == 255 ? (width == 4_096 ? 1 : 4_096) : Int(bytes[1] % 160))
    var tree = RandomViewTree(generator: InputBytes(bytes.dropFirst(2)))
    if let failure = LayoutProperty.check(tree.view(), size: size) { failFuzzing("layout property failed at \(size): \(failure)") }
}

/// Random numbers read from a fuzz input, eight bytes each, so the fuzzer's mutations of the
/// bytes are mutations of the choices. Once the input is used up, a generator seeded by what it
/// read goes on (a constant would never end: `random(in:)` draws again until it may accept).
struct InputBytes: RandomNumberGenerator {
    var bytes: ArraySlice<UInt8>
    private var rest = SplitMix(state: 0)

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    mutating func next() -> UInt64 {
        guard !bytes.isEmpty else { return rest.next() }
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(bytes.popFirst() ?? 0) }
        rest = SplitMix(state: rest.next() ^ value)
        return value
    }
}

/// The protocol target: every input goes to the JSON-lines decoder, the binary decoder and the
/// JSON parser; none may crash or hang. Whatever decodes (except a newer peer's unknown message)
/// must survive a round trip: encoded again in both encodings and decoded, it is the same message.
func fuzzProtocol(_ bytes: [UInt8]) {
    var limits = WireLimits()
    limits.maximumMessageBytes = 1 << 20
    for encoding in [Encoding.json, .binary] {
        var decoder = MessageDecoder(encoding: encoding, limits: limits)
        guard let results = try? decoder.feed(bytes) else { continue }
        for case .success(let message) in results {
            // A newer peer's message cannot be encoded again: only its type is known.
            if case .unknown = message { continue }
            for form in [Encoding.json, .binary] {
                var again = MessageDecoder(encoding: form, limits: limits)
                let decoded = try? again.feed(MessageEncoder.encode(message, as: form)).map { try $0.get() }
                // A hello switches a JSON stream to binary; the message itself must come back the same.
                if decoded?.first != message { failFuzzing("round trip failed in \(form): \(message) became \(String(describing: decoded))") }
            }
        }
    }
    _ = try? JSONParser.parse(bytes)
}

/// The program's entry point. Built with `-sanitize=fuzzer -DFUZZING` it hands control to
/// libFuzzer (`LLVMFuzzerRunDriver`, so SwiftPM's own `main` stays ours); otherwise it replays
/// the inputs named on the command line, so a crash a fuzzer found can be replayed, and CI can
/// run a corpus.
@main
struct LoomFuzz {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data!, size) })
        #else
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: loom-fuzz FILE...   (replays inputs; see docs/fuzzing.md to fuzz)")
            exit(2)
        }
        for path in paths {
            guard let file = fopen(path, "rb") else {
                print("loom-fuzz: cannot read \(path)")
                exit(1)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count == 0 { break }
                bytes += chunk[0..<count]
            }
            fclose(file)
            _ = bytes.withUnsafeBufferPointer { fuzzOneInput($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
        }
        print("replayed \(paths.count) inputs")
        #endif
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
#endif
