#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

/// The machine-wide budgets a start is checked against, over every owner's
/// sessions: the share of the address space (`total_prefix_ipv4`,
/// `total_prefix_ipv6`) and, without the resolver module, the names of the
/// /etc/hosts section (`max_hosts_names_per_machine`).
@Suite struct SessionBudgetTests {
    typealias Rules = SessionRulesTests

    /// `count` separate /16 ranges (every other one) from `first`.0.0.0.
    static func sixteens(_ first: Int, _ count: Int) -> [String] {
        (0..<count).map { "\(first + $0 / 128).\(2 * ($0 % 128)).0.0/16" }
    }

    static func failure(
        _ request: StartRequest, owner: UInt32 = Rules.owner, policy: Policy = Policy(),
        active: [Session] = [], resolverModule: Bool = false
    ) -> ProtocolFailure? {
        do {
            _ = try SessionRules.start(
                request, owner: owner, clock: Rules.clock, policy: policy, active: active,
                protected: ProtectedAddresses(policy: policy), resolverModule: resolverModule)
            return nil
        } catch {
            return error
        }
    }

    @Test func tenThousandSixteensAreRefusedWithTheKeyAndWhatTheyWouldMake() throws {
        let flood = Rules.request([try Rules.list("flood", Self.sixteens(20, 10_000))])
        let failure = Self.failure(flood)
        #expect(failure?.code == .overLimit)
        #expect(
            failure?.message == "the blocked ranges of every session together would cover 655360000 IPv4 addresses, "
                + "more than one /10 range holds (4194304), more than the administrator's policy allows (total_prefix_ipv4 = 10 "
                + "in /etc/refocus/policy.toml)")
        #expect(
            Self.failure(Rules.request([try Rules.list("modest", Self.sixteens(20, 64))])) == nil, "64 /16s are a /10")
    }

    @Test func everyOwnersRangesCountTogether() throws {
        let theirs = Rules.session(1, [try Rules.list("theirs", Self.sixteens(20, 40))], owner: Rules.other)
        let second = Rules.request([try Rules.list("mine", Self.sixteens(40, 40))])
        #expect(Self.failure(second, active: [theirs])?.message.contains("would cover 5242880 IPv4 addresses") == true)
        #expect(Self.failure(Rules.request([try Rules.list("mine", Self.sixteens(40, 24))]), active: [theirs]) == nil)
        // An allowlist's ranges cut nothing for others and are not counted.
        var allowing = Rules.session(2, [try Rules.list("open", Self.sixteens(60, 40))], owner: Rules.other)
        allowing.mode = .allow
        #expect(Self.failure(Rules.request([try Rules.list("mine", Self.sixteens(40, 64))]), active: [allowing]) == nil)
    }

    @Test func ipv6IsCountedInSixtyFourNetworks() throws {
        // 65 separate /32s: one more than the /26 of the default.
        let ranges = (0..<65).map { "2001:\(String(2 * $0 + 0x100, radix: 16))::/32" }
        let failure = Self.failure(Rules.request([try Rules.list("v6", ranges)]))
        #expect(
            failure?.message == "the blocked ranges of every session together would cover 279172874240 IPv6 /64 "
                + "networks, more than one /26 range holds (274877906944), more than the administrator's policy allows "
                + "(total_prefix_ipv6 = 26 in /etc/refocus/policy.toml)")
        #expect(Self.failure(Rules.request([try Rules.list("v6", Array(ranges.dropLast()))])) == nil)
    }

    @Test func withoutTheModuleTheHostsTotalRefusesNamingTheKeyAndTheFix() throws {
        let domains = (0..<167).map { "d\($0).example" }
        let over = Rules.request([try Rules.list("big", domains)])
        let failure = Self.failure(over)
        #expect(failure?.code == .overLimit)
        #expect(
            failure?.message == "the /etc/hosts section would hold 1002 names (domains with their subdomains) for "
                + "every session together, more than the administrator's policy allows (max_hosts_names_per_machine = 1000 "
                + "in /etc/refocus/policy.toml); the resolver module, which would take the rest, is not in force: the "
                + "administrator can add it ('refocus-helper nsswitch add') or raise max_hosts_names_per_machine; or block "
                + "fewer names")
        #expect(Self.failure(over, resolverModule: true) == nil, "the module takes what the section cannot")
        #expect(Self.failure(Rules.request([try Rules.list("fits", Array(domains.dropLast()))])) == nil)
        let theirs = Rules.session(1, [try Rules.list("theirs", ["t.example"])], owner: Rules.other)
        #expect(
            Self.failure(Rules.request([try Rules.list("fits", Array(domains.dropLast()))]), active: [theirs]) != nil,
            "every owner's names count")
    }
}
