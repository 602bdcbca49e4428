import LoomJSON

/// One message of the protocol as `MessageKind` declares it: its JSON name, the version it appeared in, who sends it, and its members in binary order.
/// The codecs dispatch on it, the JSON Schemas in `Protocol/schema/` and the binary table of
/// `Protocol/README.md` are written from it, and `Tests/LoomWireTests/SchemaTests` checks
/// every vector of both codecs against it, member by member.
package struct MessageSchema: Sendable {
    /// The JSON `type`.
    package let type: String
    /// The protocol version that added it.
    package let since: Int
    package let direction: Direction
    /// What it does, for the schema's description.
    package let summary: String
    /// Its members, in the order the binary encoding writes them.
    package let members: [MemberSchema]

    package enum Direction: String, Sendable {
        case clientToDaemon = "client → daemon"
        case daemonToClient = "daemon → client"
        case daemonToViewer = "daemon → viewer"
        /// A control connection's request.
        case control
        /// A viewer's request.
        case viewer
    }

    init(_ type: String, since: Int = 1, _ direction: Direction, _ summary: String, _ members: [MemberSchema]) {
        self.type = type
        self.since = since
        self.direction = direction
        self.summary = summary
        self.members = members
    }

    /// Its first member is a request id every encoding carries: an error about it can name it
    /// even when the rest cannot be read (and a daemon can name a newer peer's request).
    package var isIdentified: Bool {
        members.first.map { $0.name == "id" && $0.kind == .id && $0.presence == .required } ?? false
    }
}

/// One member of a message.
package struct MemberSchema: Sendable, Equatable {
    /// Its JSON name (the binary encoding has no names, only the order).
    package let name: String
    package let kind: Kind
    package let presence: Presence
    /// The protocol version that added it.
    package let since: Int

    init(_ name: String, _ kind: Kind, _ presence: Presence = .required, since: Int = 1) {
        self.name = name
        self.kind = kind
        self.presence = presence
        self.since = since
    }

    /// Whether a message must carry it, in each encoding.
    package enum Presence: Sendable, Equatable {
        /// In every message, in both encodings.
        case required
        /// JSON: absent or null for none; binary: `opt<T>`, a byte 0 or 1 and the value.
        case optional
        /// JSON: may be absent, meaning `default`; binary: always written.
        case defaulted(JSONValue)
        /// Added at the end of a message: JSON may omit it and binary may end before it, both
        /// meaning `default`; written only when it is not the default.
        case appended(JSONValue)

        package var isRequiredInJSON: Bool { self == .required }
    }

    /// What a member holds: its JSON form and its binary form.
    package enum Kind: Sendable, Equatable {
        /// A request id: any signed 64-bit integer; `s` in binary.
        case id
        /// 0…2³¹−1; `u`.
        case natural
        /// A revision, sequence or node number: 0…2⁶³−1; `u`.
        case count
        /// A screen's width or height in cells: 1…4096; `u`.
        case screen
        /// ±(2³¹−1); `s`.
        case signed
        case string
        /// A JSON Pointer (RFC 6901); `str`.
        case pointer
        /// One of these strings; `str`.
        case name([String])
        /// Any JSON value, or one of a JSON type (`array`, `object`); compact JSON text in binary.
        case json(type: String?)
        case bool
        /// A list of strings, or of JSON Pointers; `list<str>`.
        case strings(pointers: Bool)
        /// A version range: JSON `[lowest, highest]`; binary `u lowest, u highest`.
        case versions
        /// A colour: a name, a palette index or `#rrggbb`; binary a kind byte and its bytes.
        case colour
        /// Text attributes: JSON a list of names; binary `u` bits.
        case attributes
        /// A line's runs of cells: JSON `[text, style?, repeat?]`; binary a flags byte first.
        case cells
        /// Rectangles: JSON `[column, row, width, height]`; binary four `u`.
        case rectangles
    }
}
