/// One branch of an `if`/`else` or `switch`. The branch is part of identity: switching branches
/// destroys the old subtree (its state, `onDisappear`) and builds the new one (`onAppear`),
/// even when both branches have the same type.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
}

extension _ConditionalContent: PrimitiveView {
    func updateChildren(_ children: inout ChildList) {
        switch storage {
        case .trueContent(let content): children.append(content, key: 0)
        case .falseContent(let content): children.append(content, key: 1)
        }
    }
}
