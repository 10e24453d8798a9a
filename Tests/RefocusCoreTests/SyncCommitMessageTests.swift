import RefocusCore
import Testing

/// The git sync's commit message: the machine, then each list's additions and removals.
@Suite struct SyncCommitMessageTests {
    static func name(_ text: String) throws -> BlockListName { try BlockListName(text) }

    @Test func oneListNamesTheMachineAdditionsAndRemovals() throws {
        let message = SyncCommitMessage.make(
            machine: "laptop", changes: [try Self.name("social"): (added: ["example.org"], removed: ["reddit.com"])])
        #expect(message == "laptop: social +example.org -reddit.com")
    }

    @Test(arguments: [
        // Several lists, in name order, entries sorted, additions before removals.
        (
            [("work", ["b.example", "a.example"], [String]()), ("news", [], ["cnn.com"])],
            "desk: news -cnn.com; work +a.example +b.example"
        ),
        // Long lists are abbreviated per kind.
        (
            [("social", (1...15).map { "s\($0 < 10 ? "0" : "")\($0).org" }, ["x.com", "y.com", "z.com", "w.com"])],
            "desk: social +s01.org +s02.org +s03.org +12 more -w.com -x.com -y.com -1 more"
        ),
        // A list created empty or deleted: its name alone.
        ([("games", [String](), [String]())], "desk: games"),
        // Nothing at all.
        ([], "desk: lists synced"),
    ])
    func table(_ lists: [(String, [String], [String])], expected: String) throws {
        var changes: [BlockListName: (added: [String], removed: [String])] = [:]
        for (name, added, removed) in lists { changes[try Self.name(name)] = (added, removed) }
        #expect(SyncCommitMessage.make(machine: "desk", changes: changes) == expected)
    }

    @Test func theMachineCannotBreakTheLine() throws {
        let message = SyncCommitMessage.make(machine: "evil\nhost\t", changes: [try Self.name("work"): (["a.org"], [])])
        #expect(message == "evil host: work +a.org")
        #expect(SyncCommitMessage.make(machine: "", changes: [try Self.name("work"): (["a.org"], [])]) == "work +a.org")
    }
}
