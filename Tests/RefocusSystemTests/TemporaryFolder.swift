import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "refocus-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names of the files in the folder, sorted.
    func files(_ subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path + subfolder).sorted()
    }
}
