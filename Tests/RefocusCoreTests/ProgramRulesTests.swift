#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The program matcher: which processes a session's program names block.
@Suite struct ProgramRulesTests {
    static let owner: UInt32 = 1000

    static func rules(_ names: [String], owner: UInt32 = owner) throws -> ProgramRules {
        ProgramRules([owner: Set(try names.map { try ProgramName($0) })])
    }

    /// A process of `uid` with the three names.
    static func process(_ uid: UInt32 = owner, comm: String, exe: String? = nil, argv0: String? = nil)
        -> ProcessIdentity
    {
        ProcessIdentity(uid: uid, comm: comm, executable: exe, argv0: argv0)
    }

    @Test(
        arguments: [
            // comm, exe, argv0, the field expected to match (nil: not blocked)
            ("discord", "/usr/share/discord/Discord", "/usr/share/discord/Discord", ProgramMatch.Field?.some(.comm)),
            ("Discord", "/usr/share/discord/Discord", "/usr/bin/discord", .argv0),
            ("Discord", "/opt/discord/discord", "Discord", .executable),
            ("steam", "/usr/lib/steam/steam", "steam", nil),
            ("DiScOrD", "/opt/x/DISCORD", "Discord", nil),
            ("bash", "/usr/bin/bash", "discord", .argv0),
            ("bash", "/usr/bin/bash", "-discord", nil),
            ("bash", "/usr/bin/bash", "/opt/discord/", .argv0),
            ("bash", "/usr/bin/bash", "", nil),
            ("bash", "/usr/bin/bash", "/", nil),
            ("bash", "/opt/discord-old/bash", "bash", nil),
        ] as [(String, String, String, ProgramMatch.Field?)])
    func matchesCommExecutableAndArgv0(comm: String, exe: String, argv0: String, field: ProgramMatch.Field?) throws {
        let match = try Self.rules(["discord"]).match(Self.process(comm: comm, exe: exe, argv0: argv0))
        #expect(match?.field == field)
        if field != nil {
            #expect(match?.owner == Self.owner)
            #expect(match?.program == (try ProgramName("discord")))
        }
    }

    @Test func aLongNameMatchesCommOnItsFirst15Bytes() throws {
        let rules = try Self.rules(["telegram-desktop"])
        // The kernel keeps "telegram-deskto" in comm.
        #expect(rules.match(Self.process(comm: "telegram-deskto", exe: "/usr/bin/other"))?.field == .comm)
        #expect(rules.match(Self.process(comm: "telegram-desk", exe: "/usr/bin/other")) == nil)
        #expect(
            rules.match(Self.process(comm: "telegram-desktop", exe: "/usr/bin/other")) == nil,
            "comm never holds 16 bytes; the whole name is not a comm")
        // The executable and argv[0] compare whole.
        #expect(rules.match(Self.process(comm: "x", exe: "/usr/bin/telegram-deskto")) == nil)
        #expect(rules.match(Self.process(comm: "x", exe: "/usr/bin/telegram-desktop"))?.field == .executable)
    }

    @Test func truncationInsideAUTF8CharacterStillMatches() throws {
        // 14 ASCII bytes then "é" (2 bytes): comm keeps the first byte of "é" only.
        let name = "abcdefghijklmné-app"
        let rules = try Self.rules([name])
        let comm = Array(name.utf8.prefix(15))
        let process = ProcessIdentity(
            uid: Self.owner, effectiveUID: Self.owner, savedUID: Self.owner, comm: comm,
            executable: Array("/bin/true".utf8), argv0: nil)
        #expect(rules.match(process)?.field == .comm)
    }

    @Test func aDeletedExecutableMatchesByItsName() throws {
        // The system layer strips " (deleted)"; the matcher compares bytes, not UTF-8 text.
        let path: [UInt8] = Array("/tmp/".utf8) + [0xFF] + Array("/discord".utf8)
        let process = ProcessIdentity(
            uid: Self.owner, effectiveUID: Self.owner, savedUID: Self.owner,
            comm: Array("x".utf8), executable: path, argv0: nil)
        #expect(try Self.rules(["discord"]).match(process)?.field == .executable)
    }

    @Test func neverRootNorAnotherUserNorMixedUIDs() throws {
        let rules = try Self.rules(["discord"])
        #expect(rules.match(Self.process(1001, comm: "discord")) == nil, "another user has no session")
        #expect(rules.match(Self.process(0, comm: "discord")) == nil)
        let rootRules = try Self.rules(["discord"], owner: 0)
        #expect(rootRules.isEmpty, "root's programs are never blocked")
        #expect(rootRules.match(Self.process(0, comm: "discord")) == nil)
        var setuid = Self.process(comm: "discord")
        setuid.effectiveUID = 0
        #expect(rules.match(setuid) == nil, "a setuid-root program run by the owner")
        var switching = Self.process(comm: "discord")
        switching.savedUID = 0
        #expect(rules.match(switching) == nil)
        var actingFor = Self.process(0, comm: "discord")
        actingFor.effectiveUID = Self.owner
        #expect(rules.match(actingFor) == nil, "a root service acting as the owner")
    }

    @Test func eachOwnerHasItsOwnNames() throws {
        let rules = ProgramRules([1000: [try ProgramName("steam")], 1001: [try ProgramName("discord")], 1002: []])
        #expect(rules.match(Self.process(1000, comm: "steam"))?.owner == 1000)
        #expect(rules.match(Self.process(1000, comm: "discord")) == nil)
        #expect(rules.match(Self.process(1001, comm: "discord"))?.owner == 1001)
        #expect(rules.governs(uid: 1000) && rules.governs(uid: 1001))
        #expect(!rules.governs(uid: 1002) && !rules.governs(uid: 0))
        #expect(rules.programs.keys.sorted() == [1000, 1001])
        #expect(ProgramRules.empty.isEmpty && !rules.isEmpty)
    }

    @Test func builtFromTheDesiredEnforcement() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let games = BlockList(name: try BlockListName("games"), programs: [try ProgramName("steam")])
        let chat = BlockList(name: try BlockListName("chat"), programs: [try ProgramName("discord")])
        let sessions = [
            Session(owner: 1000, blockLists: [games], start: now, plannedEnd: now + 60, locked: false),
            Session(owner: 1000, blockLists: [chat], start: now, plannedEnd: now + 60, locked: false),
            Session(owner: 0, blockLists: [chat], start: now, plannedEnd: now + 60, locked: false),
        ]
        let rules = ProgramRules(DesiredEnforcement(sessions: sessions, policy: Policy()))
        #expect(rules.programs == [1000: [try ProgramName("steam"), try ProgramName("discord")]])
        #expect(rules == (try Self.rules(["discord", "steam"])))
    }

    @Test(
        arguments: [("/usr/bin/steam", "steam"), ("steam", "steam"), ("/opt/x//", "x"), ("//", nil), ("", nil)]
            as [(String, String?)])
    func baseName(path: String, expected: String?) {
        #expect(ProgramRules.baseName(Array(path.utf8)) == expected.map { Array($0.utf8) })
    }
}
