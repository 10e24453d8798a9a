import RefocusTestSupport
import Testing

/// The hits sets of table `inet refocus` (a counter per refused address)
/// against real connection attempts, through `refocus-nft-scenarios counters`
/// in a sandbox whose peers (TCP servers behind a veth pair) are partly
/// blocked: single addresses and ranges of both families.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NftCountersTests {
    /// The scenario's peers (`NftCountersScenario.peers`); the blocked ones
    /// are `192.0.2.2`, `2001:db8::2` (plain sets) and the ranges around
    /// `198.51.100.130` and `2001:db8::8002` (interval sets).
    static let peers = ["192.0.2.2", "192.0.2.3", "198.51.100.130", "2001:db8::2", "2001:db8::8002"]

    /// Five refused connects to a blocked peer are exactly five packets on
    /// its address in the hits set (one SYN each: the reset ends the
    /// attempt, nothing is retried), one refused datagram is one; the open
    /// peer, the blocked addresses nobody sent to and the rest of the
    /// blocked ranges are absent; the rules' counters hold the sum. `nft
    /// list` shows the same counts on the hits sets and no counter on the
    /// block sets; a replacement and a deletion start them at zero.
    @Test func eachRefusedAttemptCountsOnceOnItsAddress() throws {
        let run = try Sandbox(network: true, peerAddresses: Self.peers).run(#""$BIN/refocus-nft-scenarios" counters"#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let facts = Self.facts(run.stdout)
        let expected = [
            "fresh.total": "0", "fresh.hits": "0",
            "v4.connect": "refused", "v4net.connect": "refused", "v6.connect": "refused", "v6net.connect": "refused",
            "open.connect": "connected", "udp.send": "not permitted",
            "keys": "refused",
            "v4.count": "5", "v4net.count": "5", "v6.count": "5", "v6net.count": "5", "open.count": "none",
            "udp.count": "1", "sum": "21", "total": "21",
            "listing.hits4.v4": "true", "listing.hits4.v4net": "true", "listing.hits6.v6": "true",
            "listing.blocksets": "without counters",
            "replaced.hits": "0", "replaced.total": "0", "deleted.hits": "0", "deleted.total": "0",
        ]
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(facts[key] == value, "counters: \(key)")
        }
    }

    /// Outside a sandbox (no peers' veth) the scenario refuses to touch the table.
    @Test func scenarioRefusesToRunOutsideASandbox() throws {
        let run = try Sandbox(network: true).run(#""$BIN/refocus-nft-scenarios" counters || echo "status: $?""#)
        #expect(Self.facts(run.stdout)["status"] == "1", "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("only inside a test sandbox"))
    }

    /// `key: value` lines, split at the first colon (`NftUsersTests` reads its scenario's so too).
    static func facts(_ output: String) -> [String: String] {
        var facts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            facts[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        return facts
    }
}
