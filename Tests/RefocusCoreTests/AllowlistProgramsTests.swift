import Foundation
import RefocusCore
import Testing
import RefocusPlanning
import RefocusProtocol

/// What an allowlist start does with programs, decided by the core alone
/// (the CLI sends its lists as they are): the session keeps none, the
/// lists whose programs are left unblocked are named for the note, and a
/// list left with no entry is refused as empty, as a block list with
/// nothing is.
@Suite struct AllowlistProgramsTests {
    static func allowing(_ lists: [BlockList]) -> StartRequest {
        StartRequest(lists: lists, length: SessionLength(seconds: 3600), locked: false, mode: .allow)
    }

    @Test func anAllowlistSessionKeepsNoPrograms() throws {
        let request = Self.allowing([
            try SessionRulesTests.list("work", ["docs.example"], programs: ["steam"]),
            try SessionRulesTests.list("mail", ["mail.example"]),
        ])
        let session = try SessionRulesTests.start(request)
        #expect(session.mode == .allow && session.blockLists.allSatisfy(\.programs.isEmpty))
        #expect(session.blockLists.map(\.name.rawValue) == ["mail", "work"])
        #expect(SessionRules.programsIgnored(by: request).map(\.rawValue) == ["work"])
    }

    @Test func aBlockSessionKeepsItsPrograms() throws {
        let request = SessionRulesTests.request([
            try SessionRulesTests.list("games", ["g.example"], programs: ["steam"])
        ])
        let session = try SessionRulesTests.start(request)
        #expect(session.blockLists[0].programs.map(\.rawValue) == ["steam"])
        #expect(SessionRules.programsIgnored(by: request).isEmpty)
    }

    @Test func anAllowlistOfProgramsOnlyIsRefusedAsEmpty() throws {
        let request = Self.allowing([try SessionRulesTests.list("games", [], programs: ["steam"])])
        let failure = SessionRulesTests.failure { () throws(ProtocolFailure) in try SessionRulesTests.start(request) }
        #expect(failure?.code == .badRequest)
        #expect(
            failure?.message.hasPrefix("list games is empty: it blocks nothing") == true,
            "\(String(describing: failure))")
    }
}
