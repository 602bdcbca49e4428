import Foundation
import LoomJSON
@testable import LoomStore
import LoomTestSupport

/// `../shared/conformance/` beside the repository, where the public test suites are.
let conformanceDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/conformance")

let conformanceIsPresent = FileManager.default.fileExists(atPath: conformanceDirectory.path)

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "loom-store-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A store holding `document`.
func store(_ document: String) -> Store {
    let store = Store()
    try! store.set(json(document), at: .root)
    return store
}
