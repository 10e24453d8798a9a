import Testing
@testable import RefocusCore

/// What keeps a hostile file (policy.toml is read by root) from costing
/// more than its size: nesting capped at `TOMLTable.maximumDepth`, and a
/// reading whose time grows with the input, not faster.
@Suite struct TOMLLimitsTests {
    static let depth = TOMLTable.maximumDepth

    @Test func nestingUpToTheCapReads() throws {
        let arrays = try TOMLTable(
            parsing: "a = " + String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth))
        var value = try #require(arrays["a"])
        for _ in 1..<Self.depth { value = try #require(value.array?.first) }
        #expect(value == .array([]))
        _ = try TOMLTable(parsing: Self.header + "\nx = 1\n")
        _ = try TOMLTable(
            parsing: "a = " + String(repeating: "{b = ", count: Self.depth) + "1"
                + String(repeating: "}", count: Self.depth))
    }

    /// 33 levels of `[[a]]`: an element of an array of tables counts its array, so they are 66 deep.
    static let arraysOfTables = (1...33).map { "[[" + Array(repeating: "a", count: $0).joined(separator: ".") + "]]" }
        .joined(separator: "\n")
    static let header = "[" + (1...depth).map { "t\($0)" }.joined(separator: ".") + "]"
    static let longHeader = "[" + (0...depth).map { "t\($0)" }.joined(separator: ".") + "]"
    static let halfHeader = "[" + (1...40).map { "t\($0)" }.joined(separator: ".") + "]"

    @Test(
        arguments: [
            (
                "a = " + String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1),
                "arrays and tables nested more than 64 deep; TOML files here are flatter"
            ),
            ("a = " + String(repeating: "[", count: 1_000_000), "arrays and tables nested more than 64 deep"),
            ("a = " + String(repeating: "{b = ", count: 100_000), "arrays and tables nested more than 64 deep"),
            (longHeader, "a key of more than 64 parts"),
            (String(repeating: "a.", count: 200_000) + "a = 1", "a key of more than 64 parts"),
            (header + "\nx.y = 1", "tables nested more than 64 deep"),
            (halfHeader + "\nx = " + String(repeating: "[", count: 30), "arrays and tables nested more than 64 deep"),
            (arraysOfTables, "tables nested more than 64 deep"),
        ] as [(String, String)])
    func deeperIsRefused(text: String, reason: String) throws {
        do {
            _ = try TOMLTable(parsing: text)
            Issue.record("read")
        } catch {
            #expect(error.reason.hasPrefix(reason), "\(error)")
        }
    }

    /// Large documents of the shapes that a careless reader makes quadratic:
    /// many keys, many elements of an array of tables, a long string, a long
    /// array, long comments, read whole. How their time grows with their size
    /// is measured by `refocus-bench toml`, not here: a time limit in a test
    /// fails on a loaded machine (it did, in a full run on 2 cores).
    @Test func largeDocumentsReadWhole() throws {
        let keys = (0..<50_000).map { "k\($0) = \($0)\n" }.joined()
        #expect(try TOMLTable(parsing: keys).entries.count == 50_000)
        let tables = try TOMLTable(parsing: String(repeating: "[[a]]\nb = 1\n[a.c]\n", count: 50_000))
        #expect(tables["a"]?.array?.count == 50_000)
        let string = try TOMLTable(parsing: "s = \"" + String(repeating: "\\u00e9x", count: 100_000) + "\"")
        #expect(string["s"]?.string?.count == 200_000)
        let array = try TOMLTable(parsing: "a = [" + String(repeating: "1, ", count: 200_000) + "]")
        #expect(array["a"]?.array?.count == 200_000)
        let quotes = try TOMLTable(parsing: "s = \"\"\"" + String(repeating: "\"\"x", count: 100_000) + "\"\"\"")
        #expect(quotes["s"]?.string?.count == 300_000)
        _ = try TOMLTable(parsing: String(repeating: "# " + String(repeating: "é", count: 100) + "\n", count: 5_000))
    }
}
