import LoomGraph
import LoomLayout
import Testing

/// `TextField`, `SecureField`, `@FocusState`, `onSubmit`: what a viewer typing sees and what
/// the views holding the text evaluate, through `ViewHost` as a developer's own tests would.
@Suite("Text fields")
struct TextFieldTests {
    struct Echo: View {
        @State private var name = ""
        var body: some View {
            VStack(alignment: .leading) {
                TextField("Name", text: $name)
                Greeting(name: name)
            }
        }
    }

    struct Greeting: View {
        let name: String
        var body: some View { Text(name.isEmpty ? "nobody" : "hello \(name)") }
    }

    struct Unrelated: View {
        var body: some View { Text("unrelated") }
    }

    @Test func typingWritesTheBindingAtOnceAndReEvaluatesOnlyItsReaders() {
        struct Screen: View {
            var body: some View { VStack { Echo(); Unrelated() } }
        }
        let host = ViewHost(Screen(), width: 20, height: 3)
        #expect(host.text.hasPrefix("Name\nnobody"), "the title is the placeholder while the text is empty:\n\(host.text)")
        host.press(.tab)
        host.type("ada")
        #expect(host.text.hasPrefix("ada\nhello ada"), "\(host.text)")
        host.press(.character("!"))
        #expect(host.bodies(of: Greeting.self) == 1 && host.bodies(of: Unrelated.self) == 0)
        #expect(host.bodies(of: Echo.self) == 1, "the view owning the state re-evaluates, as in SwiftUI")
    }

    @Test func editingKeysMoveAndDeleteByGraphemeCluster() {
        let host = ViewHost(Echo(), width: 20, height: 2)
        host.press(.tab)
        host.press(.paste("日本 deploy e\u{301}"))
        #expect(host.text.hasPrefix("日本 deploy e\u{301}"))
        host.press(.backspace)
        host.press(.wordLeft)
        host.press(.deleteWordBackward)
        #expect(host.text.hasPrefix("deploy\n"), "\(host.text)")
        host.press(.end)
        host.press(.deleteToStart)
        #expect(host.text.hasPrefix("Name\nnobody"))
    }

    @Test func theCursorIsAtTheCaretCountingWideCharactersAsTwoCells() {
        let host = ViewHost(VStack { Echo().padding(.leading, 2); Button("ok") {} }, width: 20, height: 3)
        #expect(host.cursor == nil, "nothing focused, no cursor")
        host.press(.tab)
        #expect(host.cursor.map { [$0.row, $0.column] } == [0, 2])
        host.type("日本a")
        #expect(host.cursor.map { [$0.row, $0.column] } == [0, 7])
        host.press(.left)
        host.press(.left)
        #expect(host.cursor.map { [$0.row, $0.column] } == [0, 4])
        host.press(.tab)
        #expect(host.cursor == nil, "focus left the field")
    }

    @Test func aTextWiderThanTheFieldScrollsWithTheCaret() {
        struct Narrow: View {
            @State private var text = ""
            var body: some View { TextField("", text: $text).frame(width: 6) }
        }
        let host = ViewHost(Narrow(), width: 6, height: 1)
        host.press(.tab)
        host.type("abcdefgh")
        #expect(host.text == "defgh" && host.cursor.map { $0.column } == 5, "the caret sits in the last cell:\n\(host.text)")
        host.press(.home)
        #expect(host.text == "abcdef" && host.cursor.map { $0.column } == 0)
    }

    @Test func aFieldIsUnderlinedAcrossItsWidthAndItsPlaceholderDimmed() {
        struct Form: View {
            @State private var host = ""
            var body: some View { HStack { Text("host:"); TextField("web-01", text: $host) } }
        }
        let host = ViewHost(Form(), width: 16, height: 1)
        #expect(host.text == "host: web-01")
        #expect(host.markup == "host: {dim underline}web-01{underline}    {}", "the rest of the field's width underlined:\n\(host.markup)")
    }

    @Test func aSecureFieldDrawsBulletsAndKeepsTheText() {
        struct Login: View {
            @State private var password = ""
            var body: some View {
                VStack(alignment: .leading) {
                    SecureField("Password", text: $password)
                    Text("\(password.count) characters, \(password == "s3cret" ? "right" : "wrong")")
                }
            }
        }
        let host = ViewHost(Login(), width: 20, height: 2)
        host.press(.tab)
        host.type("s3cret")
        #expect(host.text == "••••••\n6 characters, right")
    }

    @Test func submittingRunsTheActionsAroundTheFieldNearestFirstUpToAScope() {
        final class Log { var lines: [String] = [] }
        struct Form: View {
            let log: Log
            @State private var first = ""
            @State private var second = ""
            var body: some View {
                VStack {
                    TextField("first", text: $first).onSubmit { log.lines.append("first: \(first)") }
                    TextField("second", text: $second).submitScope()
                }
                .onSubmit { log.lines.append("form") }
            }
        }
        let log = Log()
        let host = ViewHost(Form(log: log), width: 20, height: 2)
        host.press(.tab)
        host.type("a")
        host.press(.enter)
        #expect(log.lines == ["first: a", "form"])
        host.press(.tab)
        host.type("b")
        host.press(.enter)
        #expect(log.lines == ["first: a", "form"], "the second field's submissions stop at its scope")
    }

    @Test func focusStateFollowsTheViewersFocusAndMovesItWhenWritten() {
        enum Field: Hashable { case user, password }
        struct Login: View {
            @FocusState private var focused: Field?
            @State private var user = ""
            @State private var password = ""
            var body: some View {
                VStack(alignment: .leading) {
                    TextField("user", text: $user).focused($focused, equals: .user)
                        .onSubmit { focused = .password }
                    SecureField("password", text: $password).focused($focused, equals: .password)
                    Button("sign in") {}
                    Text("focus: \(focused.map { "\($0)" } ?? "none")")
                }
                .onAppear { focused = .user }
            }
        }
        let host = ViewHost(Login(), width: 20, height: 4)
        #expect(host.text.hasSuffix("focus: user"), "written on appear, the focus moved there:\n\(host.text)")
        #expect(host.cursor.map { [$0.row, $0.column] } == [0, 0])
        host.type("ada")
        host.press(.enter)
        #expect(host.text.hasSuffix("focus: password") && host.cursor.map { $0.row } == 1, "submit moved the focus:\n\(host.text)")
        host.press(.up)
        #expect(host.text.hasSuffix("focus: user"), "the viewer's Tab and arrows move the state too")
        host.press(.down)
        host.press(.down)
        #expect(host.text.hasSuffix("focus: none") && host.cursor == nil, "focus went on to the button:\n\(host.text)")
    }

    @Test func aBoolFocusStateIsTrueOnlyWhileTheFieldHasFocus() {
        struct Search: View {
            @FocusState private var searching: Bool
            @State private var query = ""
            var body: some View {
                VStack(alignment: .leading) {
                    TextField("search", text: $query).focused($searching)
                    Button("clear") { query = ""; searching = true }
                    Text(searching ? "typing" : "browsing")
                }
            }
        }
        let host = ViewHost(Search(), width: 20, height: 3)
        #expect(host.text.hasSuffix("browsing"))
        host.press(.tab)
        #expect(host.text.hasSuffix("typing"))
        host.type("x")
        host.press(.tab)
        #expect(host.text.hasSuffix("browsing"))
        host.press(.enter)
        #expect(host.text.hasPrefix("search") && host.text.hasSuffix("typing") && host.cursor.map { $0.row } == 0,
                "the button cleared the text and sent the focus back:\n\(host.text)")
    }

    @Test func textSetFromElsewhereMovesTheCaretToItsEnd() {
        struct Prefilled: View {
            @State private var text = ""
            var body: some View {
                VStack(alignment: .leading) {
                    TextField("", text: $text)
                    Button("fill") { text = "filled" }
                }
            }
        }
        let host = ViewHost(Prefilled(), width: 20, height: 2)
        host.press(.tab)
        host.press(.tab)
        host.press(.enter)
        host.press(.backTab)
        #expect(host.cursor.map { $0.column } == 6)
        host.type("!")
        #expect(host.text.hasPrefix("filled!"))
    }

    @Test func aConstantBindingKeepsItsTextWhateverIsTyped() {
        let host = ViewHost(TextField("", text: .constant("fixed")), width: 10, height: 1)
        host.press(.tab)
        host.type("xyz")
        host.press(.backspace)
        #expect(host.text == "fixed" && host.cursor.map { $0.column } == 5)
    }
}
