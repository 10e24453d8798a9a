import Foundation
import Testing

/// The shape the house keeps: no source file over 300 lines (a file that
/// long does several jobs). Types hold the fields their meaning needs: no
/// count of stored properties is kept. Read from the repository's Sources.
@Suite struct SourceShapeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// Every Swift file under Sources, with its lines.
    static func files() throws -> [(path: String, lines: [Substring])] {
        let paths =
            FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            } ?? []
        return try paths.sorted().map { path in
            (
                path,
                try String(contentsOfFile: sources + "/" + path, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
            )
        }
    }

    @Test func noFileIsOver300Lines() throws {
        let files = try Self.files()
        #expect(files.count > 100, "the sources were found: \(files.count)")
        let long = files.filter { $0.lines.count > 301 }.map { "\($0.path): \($0.lines.count) lines" }
        #expect(long.isEmpty, "\(long)")
    }
}
