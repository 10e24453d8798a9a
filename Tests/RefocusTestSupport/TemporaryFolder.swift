import Foundation

/// Test support: a fresh folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryFolder {
    /// The folder.
    public let path: String

    /// Makes the folder.
    public init() throws {
        path = NSTemporaryDirectory() + "refocus-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names of the files in the folder, sorted.
    public func files(_ subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path + subfolder).sorted()
    }
}
