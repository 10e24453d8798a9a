import Foundation
import RefocusCore
import RefocusEnforcement
import Testing
@testable import RefocusDaemon
@testable import RefocusPlanning

/// Refused connections attributed to the sessions that blocked them: a
/// listed address, a range, a name's resolved address, the sinkhole of the
/// hosts section; carried across table replacements.
@Suite struct BlockedAttemptsTests {
    static func session(_ id: Int64, _ entries: [String]) throws -> Session {
        let list = BlockList(
            name: try BlockListName("l\(id)"), entries: Set(try entries.map { try BlockEntry(parsing: $0) }))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        return Session(
            id: id, owner: 1000, blockLists: [list], start: start, plannedEnd: start.addingTimeInterval(600),
            locked: false)
    }

    static func address(_ text: String) throws -> IPAddress { try IPAddress(parsing: text) }

    @Test func eachSessionIsChargedForWhatItBlocks() throws {
        let sessions = [
            try Self.session(1, ["192.0.2.9", "10.0.0.0/24"]), try Self.session(2, ["named.example"]),
            try Self.session(3, ["192.0.2.9"]),
        ]
        var policy = Policy()
        policy.subdomains = []
        let cache = AddressCache()
        _ = cache.addresses(of: ["named.example"]) { names in
            names.map {
                ResolvedName(
                    name: try! DomainName(validating: $0),
                    ipv4: .addresses([try! Self.address("198.51.100.7")], ttl: 300),
                    ipv6: .addresses([], ttl: 300))
            }
        }
        let hits: [IPAddress: UInt64] = [
            try Self.address("192.0.2.9"): 3, try Self.address("10.0.0.200"): 2,
            try Self.address("198.51.100.7"): 5, Sinkhole.ipv4: 4, Sinkhole.ipv6: 1,
            try Self.address("203.0.113.1"): 9,
        ]
        let totals = BlockedAttempts().totals(TableCounts(hits: hits), sessions: sessions, policy: policy, cache: cache)
        #expect(totals == [1: 5, 2: 10, 3: 3], "the listed address, the range, the name's address and the sinkhole")
    }

    @Test func anAllowSessionIsChargedWithItsOwnersRefusals() throws {
        var work = try Self.session(4, ["docs.example"])
        work.mode = .allow
        var otherOwners = try Self.session(5, ["docs.example"])
        otherOwners.mode = .allow
        otherOwners.owner = 1001
        let sessions = [work, otherOwners, try Self.session(6, ["192.0.2.9"])]
        let counted = TableCounts(hits: [try Self.address("192.0.2.9"): 2], allowRefusals: [1000: 7, 1002: 5])
        let totals = BlockedAttempts().totals(counted, sessions: sessions, policy: Policy(), cache: AddressCache())
        #expect(totals == [4: 7, 6: 2], "1001's chain refused nothing; 1002 has no session here")
        var attempts = BlockedAttempts()
        attempts.carry(counted, sessions: sessions, policy: Policy(), cache: AddressCache())
        #expect(
            attempts.totals(
                TableCounts(allowRefusals: [1000: 1]), sessions: sessions, policy: Policy(),
                cache: AddressCache()) == [4: 8, 6: 2])
    }

    @Test func countsCarryAcrossATableReplacement() throws {
        let sessions = [try Self.session(1, ["192.0.2.9"])]
        var attempts = BlockedAttempts()
        attempts.carry(
            TableCounts(hits: [try Self.address("192.0.2.9"): 3]), sessions: sessions, policy: Policy(),
            cache: AddressCache())
        let totals = attempts.totals(
            TableCounts(hits: [try Self.address("192.0.2.9"): 2]), sessions: sessions, policy: Policy(),
            cache: AddressCache())
        #expect(totals == [1: 5])
    }
}
