import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The resolver module's index of targeted lists (`TargetedLists`): each
/// user's names blocked for that user alone, beside everyone's, and an
/// index written when only a targeted user has names in it.
@Suite struct DesiredEnforcementIndexUserTests {
    static func targeted(_ uids: [UInt32], _ domains: [String]) throws -> TargetedLists {
        let list = BlockList(
            name: try BlockListName("games"), entries: Set(try domains.map { try BlockEntry(parsing: $0) }))
        return TargetedLists(uids: uids, lists: [list])
    }

    @Test func aTargetedUsersNamesAreInTheIndexForThatUserAlone() throws {
        let policy = try DesiredEnforcementTests.policy(subdomains: [], neverBlock: ["help.games.example"])
        let desired = DesiredEnforcement(
            sessions: [try DesiredEnforcementTests.session(1000, [("social", ["social.example"], [])])],
            targeted: [
                try Self.targeted([1001, 1002], ["games.example"]), try Self.targeted([1003], ["chat.example"]),
            ],
            policy: policy, resolverModule: true)
        let index = try #require(desired.nameIndex(policy: policy))
        #expect((index.count, index.perUserCount) == (4, 2))
        for uid: UInt32 in [1001, 1002] {
            #expect(index.match("www.games.example", uid: uid) == .blocked)
            #expect(index.match("help.games.example", uid: uid) == .kept)
            #expect(index.match("chat.example", uid: uid) == .none)
        }
        #expect(index.match("www.games.example", uid: 1000) == .none)
        #expect(index.match("chat.example", uid: 1003) == .blocked)
        #expect(index.match("social.example", uid: 1003) == .blocked, "everyone's names stay everyone's")
    }

    @Test func anIndexIsWrittenWhenOnlyATargetedUserHasNamesAndNotWithoutTheModule() throws {
        let policy = try DesiredEnforcementTests.policy(subdomains: [])
        let targeted = [try Self.targeted([1001], ["games.example"])]
        let desired = DesiredEnforcement(sessions: [], targeted: targeted, policy: policy, resolverModule: true)
        #expect(desired.indexedNames.isEmpty)
        let index = try #require(desired.nameIndex(policy: policy))
        #expect(index.match("games.example", uid: 1001) == .blocked && index.match("games.example") == .none)
        #expect(
            DesiredEnforcement(sessions: [], targeted: targeted, policy: policy, resolverModule: false)
                .nameIndex(policy: policy) == nil, "without the module, nothing for the users goes to an index")
    }
}
