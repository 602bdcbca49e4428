import LoomJSON

/// A path written in a test; an invalid one is the test's own mistake.
public func pointer(_ text: String) -> JSONPointer {
    try! JSONPointer(text)
}

/// A JSON value written as text in a test; invalid text is the test's own mistake.
public func json(_ text: String) -> JSONValue {
    try! JSONParser.parse(text)
}
