import Foundation
import Testing

/// The shape the house keeps: no source file over 300 lines, and no type
/// with more than 12 stored properties (a type that holds that much does
/// several jobs and wants splitting). Read from the repository's Sources.
@Suite struct SourceShapeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// Every Swift file under Sources, with its lines.
    static func files() throws -> [(path: String, lines: [Substring])] {
        let paths = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try paths.sorted().map { path in
            (path, try String(contentsOfFile: sources + "/" + path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    @Test func noFileIsOver300Lines() throws {
        let files = try Self.files()
        #expect(files.count > 100, "the sources were found: \(files.count)")
        let long = files.filter { $0.lines.count > 301 }.map { "\($0.path): \($0.lines.count) lines" }
        #expect(long.isEmpty, "\(long)")
    }

    /// Stored properties of types declared at the top of a file: `let` and
    /// `var` lines at the first indentation that are not computed (`{` before
    /// any `=`) and not static. An extension adds no stored property.
    @Test func noTypeHoldsMoreThan12StoredProperties() throws {
        var large: [String] = []
        for (path, lines) in try Self.files() {
            var type: String?
            var count = 0
            func close() { if let type, count > 12 { large.append("\(path): \(type) has \(count)") } }
            for line in lines {
                if let name = Self.typeName(line) {
                    close()
                    (type, count) = (name, 0)
                } else if line.hasPrefix("extension ") {
                    close()
                    (type, count) = (nil, 0)
                } else if type != nil, Self.isStoredProperty(line) {
                    count += 1
                }
            }
            close()
        }
        #expect(large.isEmpty, "\(large)")
    }

    static func typeName(_ line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(where: { ["class", "struct", "enum", "actor"].contains($0) }),
              words[..<index].allSatisfy({ ["public", "package", "final", "private", "fileprivate", "internal"].contains($0) }),
              index + 1 < words.count, line.first != " " else { return nil }
        return String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
    }

    static func isStoredProperty(_ line: Substring) -> Bool {
        guard line.hasPrefix("    "), !line.hasPrefix("     ") else { return false }
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(where: { $0 == "let" || $0 == "var" }),
              !words[..<index].contains("static"), !words[..<index].contains("case") else { return false }
        let declaration = line.split(separator: "=", maxSplits: 1).first ?? line
        return !declaration.contains("{")
    }

    @Test(arguments: [("    let a: Int", true), ("    private(set) var b = 0", true), ("    var c: Int { 1 }", false),
                      ("    static let d = 1", false), ("        let e = 1", false), ("    var f: [Int: Int] = [:]", true)])
    func storedPropertiesAreToldFromComputedOnes(line: String, stored: Bool) {
        #expect(Self.isStoredProperty(Substring(line)) == stored)
    }
}
