/// The command `loom attach --ssh` has ssh run on the other host, as one line.
///
/// ssh does not pass a command's arguments as arguments: it joins them with spaces and the
/// remote user's shell splits the line again. So each word is quoted for a POSIX shell, and a
/// socket path with a space, a quote or a `$` in it arrives as it was given. Words made only of
/// characters no shell treats specially are left bare, so the line stays readable in logs.
enum RemoteCommand {
    static func line(_ words: [String]) -> String {
        words.map { word in
            if !word.isEmpty, word.unicodeScalars.allSatisfy(bare.contains) { return word }
            return "'" + word.replacing("'", with: #"'\''"#) + "'"
        }.joined(separator: " ")
    }

    private static let bare = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@,+%".unicodeScalars)
}
