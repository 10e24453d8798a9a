#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// Allowlist sessions in the desired enforcement: they block nothing, and
/// their owner's allowed destinations are the union of their lists.
@Suite struct AllowedDestinationsTests {
    typealias Rules = SessionRulesTests

    static let noSubdomains: Policy = {
        var policy = Policy()
        policy.subdomains = []
        return policy
    }()

    static func allowing(_ lists: [BlockList], owner: UInt32 = Rules.owner) -> Session {
        var session = Rules.session(1, lists, owner: owner)
        session.mode = .allow
        return session
    }

    @Test func anAllowSessionBlocksNothingAndAllowsTheUnionOfItsOwnersLists() throws {
        let work = try Rules.list("work", ["docs.example", "192.0.2.0/24", "code.example/api"], programs: ["vim"])
        let mail = try Rules.list("mail", ["mail.example"])
        let other = try Rules.list("other", ["chat.example"])
        let desired = DesiredEnforcement(
            sessions: [
                Self.allowing([work]), Self.allowing([mail]),
                Self.allowing([other], owner: Rules.other),
            ],
            policy: Policy())
        #expect(desired.hostsNames.isEmpty && desired.namesToResolve.isEmpty && desired.addresses.isEmpty)
        #expect(desired.browserHosts.isEmpty && desired.browserPaths.isEmpty && desired.programs.isEmpty)
        let mine = try #require(desired.allowed[Rules.owner])
        #expect(mine.domains.map(\.ascii).sorted() == ["docs.example", "mail.example"])
        #expect(mine.addresses.map(\.description) == ["192.0.2.0/24"])
        #expect(mine.paths.map(\.description) == ["code.example/api"])
        #expect(desired.allowed[Rules.other]?.domains.map(\.ascii) == ["chat.example"])
        #expect(
            Set(mine.namesToResolve(subdomains: ["www"])) == [
                "code.example", "docs.example", "mail.example",
                "www.code.example", "www.docs.example", "www.mail.example",
            ])
    }

    @Test func blockSessionsBesideAnAllowSessionStillBlock() throws {
        let desired = DesiredEnforcement(
            sessions: [
                Self.allowing([try Rules.list("work", ["docs.example"])]),
                Rules.session(2, [try Rules.list("social", ["social.example"])]),
            ],
            policy: Self.noSubdomains)
        #expect(Array(desired.hostsNames) == ["social.example"])
        #expect(desired.allowed.count == 1)
    }
}
