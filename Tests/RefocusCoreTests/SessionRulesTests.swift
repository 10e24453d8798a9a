#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

/// Starting sessions: a lock only tightens, an empty list is refused, and
/// every cap of the policy is enforced with its name and value.
@Suite struct SessionRulesTests {
    static let owner: UInt32 = 1000
    static let other: UInt32 = 1001
    static let clock = ClockReading(
        wall: Date(timeIntervalSince1970: 1_800_000_000), sinceBoot: .seconds(100), bootID: "b")

    static func list(_ name: String, _ entries: [String], programs: [String] = []) throws -> BlockList {
        BlockList(
            name: try BlockListName(name), entries: Set(try entries.map { try BlockEntry(parsing: $0) }),
            programs: Set(try programs.map { try ProgramName($0) }))
    }

    static func request(_ lists: [BlockList], minutes: Int = 60, locked: Bool = false) -> StartRequest {
        StartRequest(lists: lists, length: SessionLength(seconds: minutes * 60), locked: locked)
    }

    /// `request` planned against `active`, under `policy`.
    static func start(
        _ request: StartRequest, owner: UInt32 = owner, policy: Policy = Policy(),
        active: [Session] = [], protected: ProtectedAddresses? = nil
    ) throws(ProtocolFailure) -> Session {
        try SessionRules.start(
            request, owner: owner, clock: clock, policy: policy, active: active,
            protected: protected ?? ProtectedAddresses(policy: policy)
        ).session
    }

    /// A stored, active session of `owner`.
    static func session(
        _ id: Int64, _ lists: [BlockList], owner: UInt32 = owner, locked: Bool = false,
        minutes: Int = 60
    ) -> Session {
        Session(
            id: id, owner: owner, blockLists: lists, start: clock.wall,
            plannedEnd: clock.wall.addingTimeInterval(TimeInterval(minutes * 60)), locked: locked)
    }

    /// The failure `body` throws: its code and message.
    static func failure(_ body: () throws(ProtocolFailure) -> Session) -> ProtocolFailure? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aLockedSessionStartedAgainKeepsEveryEntryProgramAndMinute() throws {
        let locked = Self.session(
            7, [try Self.list("social", ["a.example", "b.example", "192.0.2.9"], programs: ["discord"])],
            locked: true, minutes: 60)
        let smaller = Self.request([try Self.list("social", ["c.example"])], minutes: 5)
        let extended = try Self.start(smaller, active: [locked])
        #expect(extended.id == 7)
        #expect(extended.locked)
        #expect(extended.plannedEnd == locked.plannedEnd, "no time removed")
        #expect(
            extended.blockLists.map(\.domains) == [
                try ["a.example", "b.example", "c.example"].map { try DomainName(validating: $0) }
            ])
        #expect(extended.blockLists[0].addresses.map(\.description) == ["192.0.2.9"])
        #expect(extended.programs.map(\.rawValue) == ["discord"])
        let longer = try Self.start(
            Self.request([try Self.list("social", ["c.example"])], minutes: 120), active: [locked])
        #expect(longer.plannedEnd == Self.clock.wall.addingTimeInterval(7200), "a later end is taken")
    }

    @Test func anUnlockedSessionTakesTheListsAsTheyAreNow() throws {
        let open = Self.session(3, [try Self.list("social", ["a.example", "b.example"])])
        let replaced = try Self.start(
            Self.request([try Self.list("social", ["c.example"])], locked: true), active: [open])
        #expect(replaced.id == 3 && replaced.locked)
        #expect(replaced.blockLists[0].domains.map(\.ascii) == ["c.example"])
    }

    @Test func anEmptyListIsRefused() throws {
        let failure = Self.failure { () throws(ProtocolFailure) in
            try Self.start(Self.request([try! Self.list("social", []), try! Self.list("news", ["a.example"])]))
        }
        #expect(failure?.code == .badRequest)
        #expect(
            failure?.message.hasPrefix("list social is empty: it blocks nothing") == true,
            "\(String(describing: failure))")
    }

    @Test func pathsCountAgainstTheNamesCapAndNeverBlockCoversTheirHost() throws {
        let request = Self.request([try Self.list("v", ["v.example", "v.example/shorts", "v.example/live"])])
        let failure = Self.failure { () throws(ProtocolFailure) in
            try Self.start(request, policy: Self.capped { $0.namesPerUser = 2 })
        }
        #expect(failure?.message.contains("3 domains and paths of yours") == true, "\(String(describing: failure))")
        #expect(try Self.start(request).blockLists[0].browserPaths.count == 2)

        var policy = Policy()
        policy.neverBlock = [try DomainName(validating: "corp.example")]
        let corp = Self.request([try Self.list("c", ["corp.example/wiki"])])
        let forbidden = Self.failure { () throws(ProtocolFailure) in try Self.start(corp, policy: policy) }
        #expect(
            forbidden?.message.contains("corp.example may not be blocked") == true, "\(String(describing: forbidden))")
    }

    /// Policies with one cap lowered, the request that passes it, and the cap's name in the refusal.
    static func capped(_ change: (inout SessionCaps) -> Void) -> Policy {
        var policy = Policy()
        change(&policy.caps)
        return policy
    }

    @Test func eachCapIsEnforcedWithItsNameAndValue() throws {
        let theirs = Self.session(
            1, [try Self.list("theirs", ["t1.example", "t2.example", "198.51.100.7"], programs: ["steam"])],
            owner: Self.other)
        let mine = Self.session(2, [try Self.list("mine", ["m1.example"], programs: ["discord"])])
        let request = Self.request([
            try Self.list("new", ["n1.example", "n2.example", "203.0.113.5"], programs: ["slack"])
        ])
        let cases: [(Policy, String)] = [
            (
                Self.capped { $0.sessionsPerUser = 1 },
                "you would have 2 active sessions, more than the administrator's "
                    + "policy allows (max_sessions_per_user = 1 in /etc/refocus/policy.toml)"
            ),
            (
                Self.capped { $0.namesPerUser = 2 },
                "3 domains of yours, more than the administrator's policy allows "
                    + "(max_names_per_user = 2 in /etc/refocus/policy.toml)"
            ),
            (Self.capped { $0.namesPerMachine = 4 }, "(max_names_per_machine = 4 "),
            (Self.capped { $0.addressesPerUser = 0 }, "(max_addresses_per_user = 0 "),
            (Self.capped { $0.addressesPerMachine = 1 }, "2 addresses and ranges on this machine"),
            (Self.capped { $0.programsPerUser = 1 }, "2 programs of yours"),
            (Self.capped { $0.programsPerMachine = 2 }, "3 programs on this machine"),
        ]
        for (policy, message) in cases {
            let failure = Self.failure { () throws(ProtocolFailure) in
                try Self.start(request, policy: policy, active: [theirs, mine])
            }
            #expect(failure?.code == .overLimit, "\(message)")
            #expect(
                failure?.message.contains(message) == true, "\(String(describing: failure?.message)) lacks \(message)")
        }
        #expect(try Self.start(request, active: [theirs, mine]).owner == Self.owner, "within the default caps")
    }

    @Test func endedSessionsDoNotCount() throws {
        var ended = Self.session(1, [try Self.list("old", ["o.example"])])
        ended.endedAt = Self.clock.wall
        let expired = Self.session(2, [try Self.list("older", ["p.example"])], minutes: -1)
        let policy = Self.capped { $0.sessionsPerUser = 1 }
        _ = try Self.start(
            Self.request([try Self.list("new", ["n.example"])]), policy: policy, active: [ended, expired])
    }

    @Test(arguments: [
        (
            "0.0.0.0/1",
            "0.0.0.0/1 is wider than a /16 range, more than the administrator's policy allows "
                + "(min_prefix_ipv4 = 16 in /etc/refocus/policy.toml)"
        ),
        ("2001:db8::/31", "(min_prefix_ipv6 = 32 "),
        (
            "127.0.0.1",
            "127.0.0.1 may not be blocked: it covers 127.0.0.0/8 (loopback), which this machine and its "
                + "other users need (never_block_addresses); remove it from the list"
        ),
        ("10.0.0.0/8", "wider than a /16"),
        ("169.254.1.1", "(link-local)"), ("224.0.0.251", "(multicast)"), ("255.255.255.255", "(broadcast)"),
        ("0.1.2.3", "(this network)"), ("::1", "(loopback)"), ("fe80::1", "(link-local)"), ("ff02::1", "(multicast)"),
        ("::ffff:10.0.0.1", "(IPv4-mapped addresses)"),
        ("192.0.2.53", "192.0.2.53 (a name server in /etc/resolv.conf)"),
        ("10.9.8.0/24", "covers 10.9.8.1 (a default gateway)"),
        ("203.0.113.0/24", "covers 203.0.113.7 (never_block_addresses in the administrator's policy)"),
    ])
    func anAddressThatOthersNeedOrThatIsTooWideIsRefused(entry: String, message: String) throws {
        var policy = Policy()
        policy.neverBlockAddresses = [try AddressRange(parsing: "203.0.113.7")]
        let protected = ProtectedAddresses(
            policy: policy,
            system: [
                .init(try AddressRange(parsing: "192.0.2.53"), "a name server in /etc/resolv.conf"),
                .init(try AddressRange(parsing: "10.9.8.1"), "a default gateway"),
            ])
        let failure = Self.failure { () throws(ProtocolFailure) in
            try Self.start(Self.request([try! Self.list("x", [entry])]), policy: policy, protected: protected)
        }
        #expect(failure?.code == .overLimit, "\(entry)")
        #expect(failure?.message.contains(message) == true, "\(String(describing: failure?.message)) lacks \(message)")
    }

    @Test func rangesAreCheckedOnceMergedWithEveryActiveSessionsRanges() throws {
        let theirs = Self.session(1, [try Self.list("theirs", ["10.0.0.0/16"])], owner: Self.other)
        let beside = Self.request([try Self.list("mine", ["10.1.0.0/16"])])
        let failure = Self.failure { () throws(ProtocolFailure) in try Self.start(beside, active: [theirs]) }
        #expect(failure?.code == .overLimit)
        #expect(
            failure?.message == "the blocked ranges would merge into 10.0.0.0–10.1.255.255, wider than a /16 range, "
                + "more than the administrator's policy allows (min_prefix_ipv4 = 16 in /etc/refocus/policy.toml)")
        let apart = Self.request([try Self.list("mine", ["10.2.0.0/16"])])
        #expect(try Self.start(apart, active: [theirs]).owner == Self.owner, "ranges that do not touch are each a /16")
    }

    @Test func aHostsSectionOverItsLimitIsRefused() throws {
        // 24,000 domains of 242 bytes, each with 5 subdomains: about 70 MiB of lines. They differ in
        // their first label, so that sorting them compares few bytes.
        let tail =
            [String](repeating: String(repeating: "a", count: 63), count: 3).joined(separator: ".")
            + "." + String(repeating: "b", count: 35) + ".example"
        let domains = try (0..<24_000).map { BlockEntry.domain(try DomainName(stored: "n\(10_000 + $0).\(tail)")) }
        let huge = BlockList(name: try BlockListName("huge"), entries: Set(domains))
        let policy = Self.capped {
            $0.namesPerUser = 1_000_000; $0.namesPerMachine = 1_000_000
        }
        let failure = Self.failure { () throws(ProtocolFailure) in try Self.start(Self.request([huge]), policy: policy)
        }
        #expect(failure?.code == .overLimit)
        #expect(
            failure?.message.hasPrefix("the /etc/hosts section would hold 144000 names in ") == true,
            "\(String(describing: failure?.message))")
        #expect(failure?.message.hasSuffix("MiB, more than its limit of 64 MiB; block fewer names") == true)
    }
}

/// The start and stop rules as a table: extend instead of duplicate, the
/// later end wins, the lock is sticky, stop is refused while locked.
@Suite struct SessionRuleTableTests {
    typealias Rules = SessionRulesTests

    /// An active session of `minutes` more, `locked` or not; then a start of the same lists for
    /// `requested` minutes, `lockRequested` or not: the end in minutes from now and whether it is locked.
    @Test(arguments: [
        (60, false, 30, false, 60, false), (60, false, 90, false, 90, false), (30, true, 90, false, 90, true),
        (90, true, 30, false, 90, true), (30, false, 10, true, 30, true), (30, true, 30, true, 30, true),
    ])
    func aSecondStartExtendsTheSameSession(
        minutes: Int, locked: Bool, requested: Int, lockRequested: Bool,
        end: Int, lockedAfter: Bool
    ) throws {
        let active = Rules.session(5, [try Rules.list("work", ["a.example"])], locked: locked, minutes: minutes)
        let plan = try SessionRules.start(
            Rules.request(
                [try Rules.list("work", ["a.example"])], minutes: requested,
                locked: lockRequested),
            owner: Rules.owner, clock: Rules.clock, policy: Policy(), active: [active],
            protected: ProtectedAddresses(policy: Policy()))
        guard case .extend(let session) = plan else {
            Issue.record("a second session was made: \(plan)")
            return
        }
        #expect(session.id == 5)
        #expect(session.plannedEnd == Rules.clock.wall.addingTimeInterval(TimeInterval(end * 60)))
        #expect(session.locked == lockedAfter)
    }

    /// Whose and which lists: only the same owner's session with exactly the same lists is extended.
    @Test(arguments: [
        (1000, ["work"], true), (1001, ["work"], false), (1000, ["work", "news"], false),
        (1000, ["news"], false),
    ])
    func onlyTheSameOwnersSameListsAreExtended(owner: UInt32, lists: [String], extended: Bool) throws {
        let active = Rules.session(5, [try Rules.list("work", ["a.example"])])
        let request = Rules.request(try lists.map { try Rules.list($0, ["b.example"]) })
        let plan = try SessionRules.start(
            request, owner: owner, clock: Rules.clock, policy: Policy(), active: [active],
            protected: ProtectedAddresses(policy: Policy()))
        if case .extend = plan { #expect(extended) } else { #expect(!extended) }
    }

    /// Stopping: a named session, or all unlocked ones; refused while locked, and for others' sessions.
    @Test(arguments: [
        (Int64?.some(1), [Int64](), ProtocolErrorCode?.some(.sessionLocked)),
        (2, [2], nil), (3, [], .notFound), (9, [], .notFound), (nil, [2], nil),
    ])
    func stopEndsOnlyTheOwnersUnlockedSessions(id: Int64?, stopped: [Int64], code: ProtocolErrorCode?) throws {
        let active = [
            Rules.session(1, [try Rules.list("a", ["a.example"])], locked: true),
            Rules.session(2, [try Rules.list("b", ["b.example"])]),
            Rules.session(3, [try Rules.list("c", ["c.example"])], owner: Rules.other),
        ]
        do {
            let ended = try SessionRules.stop(
                StopRequest(sessionID: id), owner: Rules.owner, now: Rules.clock.wall,
                active: active
            ).ended
            #expect(code == nil)
            #expect(ended.compactMap(\.id) == stopped)
        } catch {
            #expect(error.code == code)
        }
    }

    @Test func stopWithEverySessionLockedNamesTheSoonestEnd() throws {
        let active = [
            Rules.session(1, [try Rules.list("a", ["a.example"])], locked: true, minutes: 50),
            Rules.session(2, [try Rules.list("b", ["b.example"])], locked: true, minutes: 20),
        ]
        #expect(
            throws: ProtocolFailure(
                code: .sessionLocked,
                message: "session 2 (b) is locked until it ends, in 20m; it cannot be stopped")
        ) {
            try SessionRules.stop(
                StopRequest(sessionID: nil), owner: Rules.owner, now: Rules.clock.wall, active: active)
        }
    }
}
