import Foundation
import Testing

/// Each primitive lays out in one type, in one file of the layout module's `Primitives/` folder
/// (docs/architecture.md, "Layout"): adding a primitive is that file and one line in
/// `Primitive.layout`. A primitive measured, placed or drawn anywhere else would be found by
/// a reader of its file only by chance.
@Suite("One file per primitive's layout")
struct PrimitiveLayoutFilesTests {
    static let primitives = LayeringTests.root.appendingPathComponent("Sources/LoomGraph/Primitives/Primitive.swift")
    static let folder = LayeringTests.root.appendingPathComponent("Sources/LoomLayout/Primitives")

    /// The names of `Primitive`'s cases, in order.
    static func cases() throws -> [String] {
        let source = try String(contentsOf: primitives, encoding: .utf8)
        return source.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "case"), index == 0 || words[index - 1] == "indirect" else { return nil }
            return String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
        }
    }

    @Test func everyPrimitiveHasItsLayoutTypeInAFileOfItsOwn() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 26)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path))
        for name in cases {
            let type = name.prefix(1).uppercased() + name.dropFirst() + "Layout"
            #expect(files.contains(type + ".swift"), "no Primitives/\(type).swift for .\(name)")
            let source = try String(contentsOf: Self.folder.appendingPathComponent(type + ".swift"), encoding: .utf8)
            #expect(source.contains("struct \(type): ") || source.contains("typealias \(type) = "), "Primitives/\(type).swift does not declare \(type)")
        }
    }

    /// Outside `Primitives/`, the layout module asks a primitive what it is only where a rule is
    /// about one kind (a stack serves spacers last; a list reads its rows' separators; lazy rows
    /// know their container): it never measures, places or draws one.
    @Test func noOtherFileSwitchesOverAPrimitive() throws {
        let module = LayeringTests.root.appendingPathComponent("Sources/LoomLayout")
        let enumerator = FileManager.default.enumerator(atPath: module.path)!
        for case let path as String in enumerator where path.hasSuffix(".swift") && !path.hasPrefix("Primitives/") {
            let source = try String(contentsOf: module.appendingPathComponent(path), encoding: .utf8)
            #expect(!source.contains("switch element.primitive") && !source.contains("switch box.primitive")
                        && !source.contains("switch node.primitive") && !source.contains("switch primitive"),
                    "\(path) switches over a primitive")
        }
    }
}
