import Testing
@testable import RefocusCore

@Suite struct BuiltinListsTests {
    @Test func theSixListsExist() {
        #expect(BuiltinLists.names.map(\.rawValue) == ["chat", "games", "news", "shopping", "social", "video"])
    }

    @Test(arguments: BuiltinLists.names)
    func everyLineParses(_ name: BlockListName) throws {
        let texts = try #require(BuiltinLists.texts(of: name))
        let entries = try ListText<BlockEntry>(parsing: texts.domains, source: "\(name).domains")
        let programs = try ListText<ProgramName>(parsing: texts.programs, source: "\(name).programs")
        #expect(!entries.items.isEmpty)
        // Every entry is written in canonical form, so a user's copy reads the same.
        for line in entries.lines {
            if let item = line.item { #expect(String(line.text) == item.description) }
        }
        let list = try #require(BuiltinLists.list(named: name))
        #expect(list.entries == entries.items)
        #expect(list.programs == programs.items)
    }

    @Test func curatedContent() throws {
        let social = try #require(BuiltinLists.list(named: try BlockListName("social")))
        for domain in ["reddit.com", "redd.it", "redditmedia.com", "redditstatic.com", "facebook.com", "x.com"] {
            #expect(social.entries.contains(try BlockEntry(parsing: domain)))
        }
        let chat = try #require(BuiltinLists.list(named: try BlockListName("chat")))
        for program in ["discord", "slack", "telegram-desktop", "signal-desktop"] {
            #expect(chat.programs.contains(try ProgramName(program)))
        }
        let games = try #require(BuiltinLists.list(named: try BlockListName("games")))
        for program in ["steam", "lutris", "heroic"] {
            #expect(games.programs.contains(try ProgramName(program)))
        }
        #expect(BuiltinLists.list(named: try BlockListName("nope")) == nil)
    }
}
