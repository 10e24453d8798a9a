#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The pure function at the heart of reconcile: what a set of active
/// sessions makes the system enforce.
@Suite struct DesiredEnforcementTests {
    static func session(_ owner: UInt32, _ lists: [(String, [String], [String])]) throws -> Session {
        let blockLists = try lists.map { name, entries, programs in
            BlockList(
                name: try BlockListName(name), entries: Set(try entries.map { try BlockEntry(parsing: $0) }),
                programs: Set(try programs.map { try ProgramName($0) }))
        }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        return Session(
            owner: owner, blockLists: blockLists, start: start, plannedEnd: start.addingTimeInterval(600), locked: false
        )
    }

    /// A policy for these tests; the DNS-over-HTTPS endpoints are off unless
    /// asked for, so that the sets below hold the lists' entries only.
    static func policy(
        subdomains: [String] = ["www"], hostsOnlyAbove: Int = 5_000, neverBlock: [String] = [],
        dohEndpoints: Bool = false
    ) throws -> Policy {
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = dohEndpoints
        policy.subdomains = subdomains
        policy.hostsOnlyAbove = hostsOnlyAbove
        policy.neverBlock = Set(try neverBlock.map { try DomainName(validating: $0) })
        return policy
    }

    @Test func theUnionOfEverySessionsDomainsAddressesAndProgramsPerOwner() throws {
        let sessions = [
            try Self.session(
                1000, [("a", ["reddit.com", "192.0.2.9"], ["steam"]), ("b", ["news.example", "10.0.0.0/16"], [])]),
            try Self.session(1001, [("c", ["reddit.com", "2001:db8::/48"], ["steam", "discord"])]),
        ]
        let desired = DesiredEnforcement(sessions: sessions, policy: try Self.policy())
        #expect(Array(desired.hostsNames) == ["news.example", "reddit.com", "www.news.example", "www.reddit.com"])
        #expect(desired.namesToResolve == Array(desired.hostsNames))
        #expect(desired.addresses.map(\.description).sorted() == ["10.0.0.0/16", "192.0.2.9", "2001:db8::/48"])
        #expect(
            desired.programs.mapValues { $0.map(\.rawValue).sorted() } == [
                1000: ["steam"], 1001: ["discord", "steam"],
            ])
    }

    @Test(arguments: [
        // subdomains, domains, hosts names
        ([String](), ["x.example"], ["x.example"]),
        (["www", "m"], ["x.example"], ["m.x.example", "www.x.example", "x.example"]),
        (["www"], ["www.x.example"], ["www.x.example"]),
        (["www"], ["x.example", "www.x.example"], ["www.x.example", "x.example"]),
    ])
    func subdomainsExpandEveryDomainOnce(subdomains: [String], domains: [String], names: [String]) throws {
        let desired = DesiredEnforcement(
            sessions: [try Self.session(1000, [("l", domains, [])])],
            policy: try Self.policy(subdomains: subdomains))
        #expect(Array(desired.hostsNames) == names)
    }

    @Test func neverBlockLeavesOutTheNameAndWhatIsUnderIt() throws {
        let desired = DesiredEnforcement(
            sessions: [try Self.session(1000, [("l", ["corp.example", "sso.corp.example", "fun.example"], [])])],
            policy: try Self.policy(subdomains: [], neverBlock: ["corp.example"]))
        #expect(Array(desired.hostsNames) == ["fun.example"])
        #expect(desired.namesToResolve == ["fun.example"])
        #expect(desired.browserHosts.map(\.ascii) == ["fun.example"])
    }

    /// The browsers' policy holds every blocked domain, whatever layer holds it otherwise, unexpanded.
    @Test func theBrowserPolicyHoldsEveryBlockedDomain() throws {
        let desired = DesiredEnforcement(
            sessions: [
                try Self.session(1000, [("big", ["a.example", "b.example"], []), ("small", ["c.example"], [])])
            ],
            policy: try Self.policy(subdomains: ["www"], hostsOnlyAbove: 3), resolverModule: true)
        #expect(desired.chromiumPolicy?.patterns == ["a.example", "b.example", "c.example"])
        #expect(DesiredEnforcement(sessions: [], policy: try Self.policy()).chromiumPolicy == nil)
        let none = DesiredEnforcement(sessions: [], policy: try Self.policy())
        #expect(none.chromiumPolicy(BrowserChoices(doh: .off))?.turnsDoHOff == true)
        #expect(none.chromiumPolicy(BrowserChoices(doh: .off))?.patterns == [])
        #expect(
            none.firefoxPolicy(BrowserChoices(doh: .off)) == FirefoxPolicy(hosts: [DomainName](), turnsDoHOff: true))
        #expect(
            none.firefoxPolicy(BrowserChoices(doh: .session)) == nil
                && none.chromiumPolicy(BrowserChoices(doh: .leave)) == nil)
        #expect(desired.chromiumPolicy(BrowserChoices(doh: .leave))?.turnsDoHOff == false)
        #expect(desired.firefoxPolicy(BrowserChoices(doh: .leave))?.turnsDoHOff == false)
        #expect(desired.firefoxPolicy(BrowserChoices(doh: .session))?.turnsDoHOff == true)
    }

    /// hosts_only_above, and whether the list of two domains (four names with `www`) is resolved.
    @Test(arguments: [(3, false), (4, true), (10, true)])
    func aListLargerThanTheThresholdIsHostsOnly(threshold: Int, resolved: Bool) throws {
        let desired = DesiredEnforcement(
            sessions: [
                try Self.session(1000, [("big", ["a.example", "b.example"], []), ("small", ["c.example"], [])])
            ],
            policy: try Self.policy(subdomains: ["www"], hostsOnlyAbove: threshold))
        #expect(desired.hostsNames.count == 6, "every list is in /etc/hosts whatever its size")
        #expect(desired.namesToResolve.contains("a.example") == resolved)
        #expect(desired.namesToResolve.contains("www.b.example") == resolved)
        #expect(desired.namesToResolve.contains("c.example"), "the small list (two names) is resolved")
        #expect(
            DesiredEnforcement.isHostsOnly(domainCount: 2, policy: try Self.policy(hostsOnlyAbove: threshold))
                == !resolved)
    }

    /// With the resolver module: every domain of every list in its index;
    /// the list above the threshold there only, neither in /etc/hosts nor resolved.
    @Test(arguments: [(3, false), (4, true)])
    func withTheResolverModuleALargeListIsInTheIndexOnly(threshold: Int, small: Bool) throws {
        let desired = DesiredEnforcement(
            sessions: [
                try Self.session(1000, [("big", ["a.example", "b.example"], []), ("small", ["c.example"], [])])
            ],
            policy: try Self.policy(subdomains: ["www"], hostsOnlyAbove: threshold), resolverModule: true)
        #expect(desired.indexedNames.map(\.ascii).sorted() == ["a.example", "b.example", "c.example"])
        #expect(desired.hostsNames.contains("a.example") == small)
        #expect(desired.namesToResolve.contains("a.example") == small)
        #expect(Array(desired.hostsNames).contains("www.c.example") && desired.namesToResolve.contains("c.example"))
        #expect(desired.resolverOnlyLists == (small ? [:] : [try BlockListName("big"): 2]))
        #expect(desired.hostsOnlyLists.isEmpty)
        let index = try #require(desired.nameIndex(policy: try Self.policy()))
        #expect(index.match("deep.sub.a.example") == .blocked && index.match("nota.example") == .none)
    }

    /// A name the policy never blocks stays unblocked in the index even under a blocked parent.
    @Test func theIndexKeepsWhatThePolicyNeverBlocks() throws {
        let policy = try Self.policy(subdomains: [], neverBlock: ["mail.google.com"])
        let desired = DesiredEnforcement(
            sessions: [try Self.session(1000, [("l", ["google.com"], [])])], policy: policy,
            resolverModule: true)
        let index = try #require(desired.nameIndex(policy: policy))
        #expect(index.match("www.google.com") == .blocked)
        #expect(index.match("x.mail.google.com") == .kept)
        #expect(DesiredEnforcement(sessions: [], policy: policy, resolverModule: true).nameIndex(policy: policy) == nil)
        #expect(
            DesiredEnforcement(sessions: [try Self.session(1000, [("l", ["google.com"], [])])], policy: policy)
                .nameIndex(policy: policy) == nil, "no index without the module")
    }

    @Test func noSessionNothingEnforced() throws {
        let desired = DesiredEnforcement(sessions: [], policy: Policy())
        #expect(
            desired.hostsNames.isEmpty && desired.namesToResolve.isEmpty && desired.addresses.isEmpty
                && desired.programs.isEmpty)
    }
}
