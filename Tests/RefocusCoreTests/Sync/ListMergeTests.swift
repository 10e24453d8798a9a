import RefocusCore
import Testing
import RefocusFeatures

/// The three-way merge over a table of cases, and the built-in lists' rule.
struct ListMergeTests {
    /// One case: base, sides (nil: absent), the expected entries (nil: deleted) and whether a note is given.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let base: [String]?
        let sides: [[String]?]
        let expected: [String]?
        var noted = false
    }

    static let cases: [Case] = [
        Case(
            description: "nothing changed", base: ["a.com", "b.com"],
            sides: [["a.com", "b.com"], ["a.com", "b.com"]],
            expected: ["a.com", "b.com"]),
        Case(
            description: "local addition", base: ["a.com"], sides: [["a.com", "x.org"], ["a.com"]],
            expected: ["a.com", "x.org"]),
        Case(
            description: "remote addition", base: ["a.com"], sides: [["a.com"], ["a.com", "y.org"]],
            expected: ["a.com", "y.org"]),
        Case(
            description: "additions on both sides", base: ["a.com"], sides: [["a.com", "x.org"], ["a.com", "y.org"]],
            expected: ["a.com", "x.org", "y.org"]),
        Case(
            description: "local removal applies remotely", base: ["a.com", "b.com"],
            sides: [["a.com"], ["a.com", "b.com"]],
            expected: ["a.com"]),
        Case(
            description: "remote removal applies locally", base: ["a.com", "b.com"],
            sides: [["a.com", "b.com"], ["b.com"]],
            expected: ["b.com"]),
        Case(
            description: "addition and removal", base: ["a.com", "reddit.com"],
            sides: [["a.com", "example.org"], ["a.com", "reddit.com"]], expected: ["a.com", "example.org"]),
        Case(
            description: "removed on both", base: ["a.com", "b.com"], sides: [["a.com"], ["a.com"]], expected: ["a.com"]
        ),
        Case(description: "emptied on one side", base: ["a.com"], sides: [[], ["a.com"]], expected: []),
        Case(
            description: "deleted on one side, unchanged on the other", base: ["a.com"], sides: [nil, ["a.com"]],
            expected: nil),
        Case(description: "deleted on both sides", base: ["a.com"], sides: [nil, nil], expected: nil),
        Case(
            description: "deleted locally, changed remotely", base: ["a.com"], sides: [nil, ["a.com", "y.org"]],
            expected: ["a.com", "y.org"], noted: true),
        Case(
            description: "deleted remotely, changed locally", base: ["a.com", "b.com"], sides: [["a.com"], nil],
            expected: ["a.com"], noted: true),
        Case(description: "created on one side", base: nil, sides: [["x.org"], nil], expected: ["x.org"]),
        Case(
            description: "created on both sides: the union", base: nil,
            sides: [["x.org", "a.com"], ["y.org", "a.com"]],
            expected: ["a.com", "x.org", "y.org"]),
        Case(description: "absent everywhere", base: nil, sides: [nil, nil], expected: nil),
        Case(
            description: "a conflict copy as a third side", base: ["a.com", "b.com"],
            sides: [["a.com", "b.com"], ["a.com", "b.com", "y.org"], ["b.com"]], expected: ["b.com", "y.org"]),
        Case(
            description: "two conflict copies adding", base: ["a.com"],
            sides: [["a.com"], ["a.com"], ["a.com", "p.org"], ["a.com", "q.org"]],
            expected: ["a.com", "p.org", "q.org"]),
        Case(
            description: "addresses merge like domains", base: ["192.0.2.1"],
            sides: [["192.0.2.1", "2001:db8::/32"], []],
            expected: ["2001:db8::/32"]),
    ]

    @Test(arguments: cases)
    func merges(_ item: Case) throws {
        let name = try BlockListName("work")
        let outcome = ListMerge.merge(
            name, base: try item.base.map(Self.entries),
            sides: try item.sides.map { try $0.map(Self.entries) })
        #expect(try outcome.entries == item.expected.map(Self.entries))
        #expect((outcome.note != nil) == item.noted)
        if let note = outcome.note { #expect(note.contains("work") && !note.contains("\n")) }
    }

    @Test func builtinListNeverChangedCountsAsItsEntries() throws {
        let social = try BlockListName("social")
        let builtin = try #require(BuiltinLists.list(named: social)).entries
        let reddit = try BlockEntry(parsing: "reddit.com")
        #expect(builtin.contains(reddit))
        // Another machine removed reddit.com and added example.org; this one never changed social.
        let remote = builtin.subtracting([reddit]).union([try BlockEntry(parsing: "example.org")])
        let outcome = ListMerge.merge(
            social, base: ListMerge.base(social, synced: nil),
            sides: [ListMerge.side(social, entries: nil), remote])
        #expect(outcome.entries == remote)
        #expect(ListMerge.side(try BlockListName("mine"), entries: nil) == nil)
        #expect(ListMerge.base(try BlockListName("mine"), synced: nil) == nil)
    }

    static func entries(_ texts: [String]) throws -> Set<BlockEntry> {
        Set(try texts.map { try BlockEntry(parsing: $0) })
    }
}
