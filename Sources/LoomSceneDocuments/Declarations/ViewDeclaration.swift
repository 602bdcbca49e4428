/// A view a document may name, with SwiftUI's name and its initializer's parameters under
/// SwiftUI's labels (`VStack` with `alignment`, `spacing`, and its builder as `content`).
public struct ViewDeclaration: Sendable {
    public let name: String
    public let summary: String
    public let parameters: [ParameterDeclaration]
    /// The parameter a value that is not an object sets (`{"Text": "…"}` is `{"Text": {"text": "…"}}`).
    public let shorthand: String?
    /// One of its parameters is repeated per member of a store container, and relative paths
    /// inside it read the member: a `ForEach`'s `content`, a `Table`'s `columns`.
    public let repetition: RepetitionDeclaration?
    /// How its content is built: all of it, or only what shows (a `ForEach` inside builds every
    /// row, or only those in view: `Repetition.isLazy`).
    public let builds: Building

    public enum Building: Sendable {
        /// Every child, whatever shows (stacks).
        case everything
        /// Only the rows in view (`List`, `LazyVStack`).
        case visibleRows
        /// As the container around it does (`Group`, `Section`, `ForEach`).
        case asItsContainer
    }

    init(_ name: String, _ summary: String, shorthand: String? = nil, repetition: RepetitionDeclaration? = nil, builds: Building = .everything,
         _ parameters: [ParameterDeclaration]) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.shorthand = shorthand
        self.repetition = repetition
        self.builds = builds
    }

    public func parameter(_ name: String) -> ParameterDeclaration? {
        parameters.first { $0.name == name }
    }
}

/// Where a view's repetition is declared and what it repeats.
public struct RepetitionDeclaration: Sendable {
    /// The parameter whose object holds `data`, `as` and `id` (a Table's `rows`); nil: they are
    /// the view's own parameters (a ForEach's).
    public let parameter: String?
    /// The parameter repeated per member.
    public let repeated: String
}

/// A modifier a document may apply, under SwiftUI's name: an object of its parameters, or a
/// single value for its `shorthand` parameter (`{"padding": 1}`, `{"bold": true}`).
public struct ModifierDeclaration: Sendable {
    public let name: String
    public let summary: String
    public let parameters: [ParameterDeclaration]
    public let shorthand: String?

    init(_ name: String, _ summary: String, shorthand: String?, _ parameters: [ParameterDeclaration]) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.shorthand = shorthand
    }

    public func parameter(_ name: String) -> ParameterDeclaration? {
        parameters.first { $0.name == name }
    }
}
