/// The kinds of submission an `onSubmit` action runs for, as SwiftUI has them. Loom's text
/// fields submit `.text`; `.search` is never triggered (there is no search field).
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let text = SubmitTriggers(rawValue: 1 << 0)
    public static let search = SubmitTriggers(rawValue: 1 << 1)
}

/// What a submission finds on its way up from the field that made it.
enum Submission {
    /// An `onSubmit` action, run for the triggers given.
    case action(SubmitTriggers, () -> Void)
    /// `submitScope(_:)`: when blocking, the submission goes no further up.
    case scope(isBlocking: Bool)
}

/// `.onSubmit(of:_:)`: an action for submissions (Enter in a text field) made inside.
public struct _SubmitModifier: ViewModifierBehavior {
    let triggers: SubmitTriggers
    let action: () -> Void
    var submission: Submission? { .action(triggers, action) }
}

/// `.submitScope(_:)`: keeps the submissions made inside from the actions above.
public struct _SubmitScopeModifier: ViewModifierBehavior {
    let isBlocking: Bool
    var submission: Submission? { .scope(isBlocking: isBlocking) }
}

extension View {
    /// Runs `action` when a text field inside (or this one) is submitted, after the actions of
    /// the modifiers nearer the field, as in SwiftUI. The action runs outside any evaluation,
    /// like a button's: it may change state and write the store.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> ModifiedContent<Self, _SubmitModifier> {
        modifier(_SubmitModifier(triggers: triggers, action: action))
    }

    /// Stops submissions made inside from reaching the `onSubmit` actions above this view.
    public func submitScope(_ isBlocking: Bool = true) -> ModifiedContent<Self, _SubmitScopeModifier> {
        modifier(_SubmitScopeModifier(isBlocking: isBlocking))
    }
}

extension Node {
    /// Submits from this node: runs the `onSubmit` actions of its ancestors for `trigger`,
    /// nearest first, up to the first blocking `submitScope`. The walk is a loop over parents,
    /// however deep the tree.
    func submit(_ trigger: SubmitTriggers) {
        var current = parent
        while let node = current {
            switch node.modifierBehavior?.submission {
            case .action(let triggers, let action) where triggers.contains(trigger):
                action()
            case .scope(isBlocking: true):
                return
            default:
                break
            }
            current = node.parent
        }
    }
}
