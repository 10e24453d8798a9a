import Foundation
import RefocusCore
import RefocusPlanning
import Testing

/// The allowances in force: the policy's for each of its users that
/// exists, locked until their reset and marked as the administrator's, and
/// the users' own, less those of a list the policy sets for the same user.
@Suite struct AdministeredAllowancesTests {
    static let games = BlockList(name: try! BlockListName("games"), programs: [try! ProgramName("steam")])
    static let uids = ["kid": UInt32(1001), "parent": 1000]

    @Test func thePolicysAllowanceBindsEachExistingUserLockedAndReplacesTheirOwnOfTheList() throws {
        var policy = Policy()
        policy.allowances = [
            PolicyAllowance(
                users: ["kid", "nobody-here"], list: Self.games,
                allowance: try DailyAllowance(list: Self.games.name, dailySeconds: 3600, resetMinute: 20 * 60))
        ]
        let zone = try DailyAllowanceRulesTests.zone("UTC")
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 22:13 UTC
        let administered = AdministeredAllowances.of(policy, owner: nil, at: now, zone: zone) { Self.uids[$0] }
        #expect(administered.map(\.owner) == [1001], "a user that does not exist is skipped")
        let kids = try #require(administered.first)
        #expect(kids.setByAdministrator && kids.isLocked(at: now))
        #expect(kids.lockedUntil == kids.period(at: now, zone: zone).resetsAt)
        #expect(AdministeredAllowances.of(policy, owner: 1000, at: now, zone: zone) { Self.uids[$0] }.isEmpty)

        let own = StoredAllowance(
            owner: 1001, list: BlockList(name: Self.games.name),
            allowance: try DailyAllowance(list: Self.games.name, dailySeconds: 86_000))
        let video = try BlockListName("video")
        let other = StoredAllowance(
            owner: 1001, list: BlockList(name: video), allowance: try DailyAllowance(list: video, dailySeconds: 60))
        let parents = StoredAllowance(
            owner: 1000, list: Self.games, allowance: try DailyAllowance(list: Self.games.name, dailySeconds: 60))
        let inForce = AdministeredAllowances.inForce(stored: [own, other, parents], administered: administered)
        #expect(inForce == [kids, other, parents], "kid's own 'games' gives way; parent's stays")
        #expect(kids.summary(at: now, resetsAt: kids.lockedUntil!, used: 0).setByAdministrator == true)
        #expect(other.summary(at: now, resetsAt: now, used: 0).setByAdministrator == nil)
    }
}
