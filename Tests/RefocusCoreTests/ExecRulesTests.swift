import RefocusCore
import Testing

/// The exec guard's decision: an owner's exec of a file found under a
/// blocked name (by identity, whatever it is called now) or of any file
/// with that name; never root's, never another uid's.
@Suite struct ExecRulesTests {
    static let owner: UInt32 = 1000
    static let discord = FileIdentity(device: 2049, inode: 77)

    static func rules() throws -> ExecRules {
        let names = ProgramRules([owner: [try ProgramName("discord")], 0: [try ProgramName("discord")]])
        return ExecRules(names, identities: [owner: [discord: try ProgramName("discord")], 1001: [discord: try ProgramName("discord")]])
    }

    @Test func theFileFoundUnderTheNameIsRefusedByAnyName() throws {
        let rules = try Self.rules()
        let renamed = rules.match(uid: Self.owner, file: Self.discord, path: Array("/home/ann/bin/notes".utf8))
        #expect(renamed?.program.rawValue == "discord" && renamed?.owner == Self.owner)
    }

    @Test func anyFileOfTheNameIsRefusedEvenDeleted() throws {
        let rules = try Self.rules()
        let other = FileIdentity(device: 2049, inode: 78)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/home/ann/discord".utf8)) != nil)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/tmp/discord (deleted)".utf8)) != nil)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/usr/bin/vim".utf8)) == nil)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/usr/bin/discordx".utf8)) == nil)
    }

    @Test func rootAndOtherUsersAreNeverRefused() throws {
        let rules = try Self.rules()
        #expect(!rules.governs(uid: 0) && !rules.governs(uid: 1001))
        #expect(rules.match(uid: 0, file: Self.discord, path: Array("/usr/bin/discord".utf8)) == nil)
        #expect(rules.match(uid: 1001, file: Self.discord, path: Array("/usr/bin/discord".utf8)) == nil)
        #expect(rules.identities.keys.sorted() == [Self.owner], "identities only for owners the names govern")
        #expect(ExecRules.empty.isEmpty && !ExecRules.empty.governs(uid: Self.owner))
    }
}
