import LoomCells

extension MessageKind {
    /// The table of binary payloads in `Protocol/README.md` ("Binary"): each message's tag and
    /// members in order; messages with the same members share a row.
    package static var binaryTable: String {
        var rows: [(members: String, kinds: [MessageKind])] = []
        for kind in allCases {
            let members = kind.schema.members.map(\.binaryNotation).joined(separator: ", ")
            if let index = rows.firstIndex(where: { $0.members == members }) {
                rows[index].kinds.append(kind)
            } else {
                rows.append((members, [kind]))
            }
        }
        var table = "| tag | type | members |\n|---|---|---|\n"
        for row in rows {
            let tags = row.kinds.map { String($0.tag) }.joined(separator: ", ")
            let types = row.kinds.map(\.schema.type).joined(separator: ", ")
            table += "| \(tags) | \(types) | \(row.members.isEmpty ? "—" : row.members) |\n"
        }
        return table
    }
}

extension MemberSchema {
    /// How the member is written in a binary payload, as the README's table says it.
    var binaryNotation: String {
        let written: String = switch kind {
        case .id, .signed: "s \(name)"
        case .natural, .count, .screen: "u \(name)"
        case .string, .pointer, .name: "str \(name)"
        case .json: "json \(name)"
        case .bool: "bool \(name)"
        case .strings: "list str \(name)"
        case .versions: "u lowest, u highest"
        case .colour: "colour \(name)"
        case .attributes:
            "u attributes (bits: " + TextStyle.names.sorted { $0.0.rawValue < $1.0.rawValue }.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ") + ")"
        case .cells: "list of runs: a flags byte (1: a style follows, 2: a repeat follows), str text, [u style], [u repeat]"
        case .rectangles: "list of (u col, u row, u width, u height)"
        }
        switch presence {
        case .required, .defaulted: return written
        case .optional: return "opt \(written)"
        case .appended(let value): return "[\(written)] (appended in version \(since): absent means \(value))"
        }
    }
}
