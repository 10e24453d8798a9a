#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// Lists blocked for chosen users only (`TargetedLists`): what they block
/// goes to each user's `UserBlocks` and programs, never to the machine-wide
/// sets, the hosts section or the browsers; without the resolver module
/// their names go to /etc/hosts only with `per_user_fallback = "machine"`.
@Suite struct DesiredEnforcementUsersTests {
    static func games() throws -> [BlockList] {
        try DesiredEnforcementTests.session(0, [("games", ["minecraft.net", "198.51.100.5"], ["supertux2"])]).blockLists
    }

    @Test func targetedListsBlockForTheirUsersAloneAtEveryLayerThatTellsUsersApart() throws {
        let mine = try DesiredEnforcementTests.session(1000, [("social", ["reddit.com"], [])])
        let desired = DesiredEnforcement(
            sessions: [mine], targeted: [TargetedLists(uids: [1001, 1002], lists: try Self.games())],
            policy: try DesiredEnforcementTests.policy(), resolverModule: true)
        for uid: UInt32 in [1001, 1002] {
            let blocks = try #require(desired.userBlocks[uid])
            #expect(blocks.indexedNames.map(\.ascii) == ["minecraft.net"])
            #expect(blocks.namesToResolve == ["minecraft.net", "www.minecraft.net"])
            #expect(blocks.addresses.map(\.description) == ["198.51.100.5"])
            #expect(desired.programs[uid]?.map(\.rawValue) == ["supertux2"])
        }
        #expect(desired.userBlocks[1000] == nil, "the owner of a machine-wide session has no per-user blocks")
        // The machine-wide sets hold the owner's session alone.
        #expect(Array(desired.hostsNames) == ["reddit.com", "www.reddit.com"])
        #expect(desired.indexedNames.map(\.ascii) == ["reddit.com"])
        #expect(desired.addresses.isEmpty)
        #expect(desired.browserHosts.map(\.ascii) == ["reddit.com"], "browsers read machine-wide policies only")
        #expect(desired.perUserNamesUnblocked == 0)
    }

    @Test func theDoHEndpointsNamesJoinATargetedUsersEntriesOnly() throws {
        let desired = DesiredEnforcement(
            sessions: [], targeted: [TargetedLists(uids: [1001], lists: try Self.games())],
            policy: try DesiredEnforcementTests.policy(dohEndpoints: true), resolverModule: true)
        let names = try #require(desired.userBlocks[1001]).indexedNames
        #expect(names.isSuperset(of: DoHEndpoints.names))
        #expect(desired.indexedNames.isEmpty && desired.dohAddresses.isEmpty, "nothing machine-wide")
    }

    @Test(arguments: [PerUserFallback.refuse, .machine])
    func withoutTheModuleTheNamesGoWhereThePolicySays(fallback: PerUserFallback) throws {
        var policy = try DesiredEnforcementTests.policy()
        policy.perUser.fallback = fallback
        let desired = DesiredEnforcement(
            sessions: [], targeted: [TargetedLists(uids: [1001], lists: try Self.games())], policy: policy,
            resolverModule: false)
        let blocks = try #require(desired.userBlocks[1001])
        #expect(blocks.indexedNames.isEmpty, "no module, no index entries")
        #expect(blocks.namesToResolve == ["minecraft.net", "www.minecraft.net"], "the table still refuses them")
        switch fallback {
        case .refuse:
            #expect(desired.hostsNames.isEmpty)
            #expect(desired.perUserNamesUnblocked == 1)
        case .machine:
            #expect(Array(desired.hostsNames) == ["minecraft.net", "www.minecraft.net"])
            #expect(desired.perUserNamesUnblocked == 0)
        }
    }

    @Test func aListOverHostsOnlyAboveIsIndexedForTheUserButNotResolved() throws {
        let desired = DesiredEnforcement(
            sessions: [], targeted: [TargetedLists(uids: [1001], lists: try Self.games())],
            policy: try DesiredEnforcementTests.policy(hostsOnlyAbove: 1), resolverModule: true)
        let blocks = try #require(desired.userBlocks[1001])
        #expect(blocks.indexedNames.map(\.ascii) == ["minecraft.net"])
        #expect(blocks.namesToResolve.isEmpty)
        #expect(blocks.addresses.map(\.description) == ["198.51.100.5"])
    }

    @Test func aNameThePolicyNeverBlocksIsLeftOutForTheUserToo() throws {
        let desired = DesiredEnforcement(
            sessions: [], targeted: [TargetedLists(uids: [1001], lists: try Self.games())],
            policy: try DesiredEnforcementTests.policy(neverBlock: ["minecraft.net"]), resolverModule: true)
        let blocks = try #require(desired.userBlocks[1001])
        #expect(blocks.indexedNames.isEmpty && blocks.namesToResolve.isEmpty)
        #expect(blocks.addresses.map(\.description) == ["198.51.100.5"])
    }
}
