import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// Which lists the /etc/hosts section holds beside the resolver module:
/// within the machine's total, in whole lists, fairly between owners.
@Suite struct HostsAllotmentTests {
    static func candidate(_ owner: UInt32, _ names: Int, _ list: String, session: Int64 = 1) throws
        -> HostsAllotment.Candidate
    {
        HostsAllotment.Candidate(owner: owner, names: names, list: try BlockListName(list), session: session)
    }

    /// The lists placed, as `owner:list`, sorted.
    static func placed(_ candidates: [HostsAllotment.Candidate], total: Int) -> [String] {
        HostsAllotment(candidates, total: total).admitted.map { "\(candidates[$0].owner):\(candidates[$0].list)" }
            .sorted()
    }

    @Test func oneOwnerAloneFillsTheTotalWithItsSmallestLists() throws {
        let lists =
            try (0..<60).map { try Self.candidate(1000, 4_998, "flood\($0)") } + [try Self.candidate(1000, 30, "small")]
        #expect(Self.placed(lists, total: 5_000) == ["1000:small"], "4,998 more would pass 5,000")
        #expect(Self.placed(lists, total: 10_100) == ["1000:flood0", "1000:flood1", "1000:small"])
    }

    /// The case: one member's 60 lists do not push out another's small one.
    @Test func manyListsOfOneOwnerLeaveAnothersShare() throws {
        let flood = try (0..<60).map { try Self.candidate(1000, 4_998, "flood\($0)") }
        let mine = try Self.candidate(1001, 6, "mine")
        #expect(Self.placed(flood + [mine], total: 5_000) == ["1001:mine"])
        #expect(Self.placed([mine] + flood, total: 5_000) == ["1001:mine"], "the order given does not matter")
        #expect(
            Self.placed(flood + [mine], total: 10_000) == ["1000:flood0", "1001:mine"],
            "the share unused goes to the next list that fits")
    }

    @Test func sharesAreEqualAndLeftoversGoInTurns() throws {
        let lists = [
            try Self.candidate(1, 400, "a"), try Self.candidate(1, 400, "b"), try Self.candidate(1, 400, "c"),
            try Self.candidate(2, 100, "d"), try Self.candidate(3, 900, "e"),
        ]
        // Shares of 333: owner 2's list fits; owner 1's 400 and owner 3's 900 do not. Then 900 left:
        // owner 1 (fewest placed, 0; lower uid than 3) places a, 400; owner 3 places e? 500 + 900 > 1000: no; owner 1 places b.
        #expect(Self.placed(lists, total: 1_000) == ["1:a", "1:b", "2:d"])
        let placed = HostsAllotment(lists, total: 1_000).admitted.reduce(0) { $0 + lists[$1].names }
        #expect(placed <= 1_000)
    }

    @Test func equalSizesAreTakenByNameThenSession() throws {
        let lists = [
            try Self.candidate(1, 10, "b"), try Self.candidate(1, 10, "a", session: 2),
            try Self.candidate(1, 10, "a", session: 1),
        ]
        let admitted = HostsAllotment(lists, total: 10).admitted
        #expect(admitted == [2])
        #expect(HostsAllotment([], total: 10).admitted.isEmpty)
    }
}
