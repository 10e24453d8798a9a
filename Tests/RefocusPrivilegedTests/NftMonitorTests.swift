import RefocusTestSupport
import Testing

/// The nftables monitor and the table's ownership against the real kernel
/// and `nft`, through the fact-printing scenarios of `refocus-nft-scenarios`
/// (`monitor`, `ownership`, `persistence`), each in a fresh sandbox and a
/// network namespace of its own.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NftMonitorTests {
    /// Own transactions are counted, not reported; `nft` run as another
    /// process is foreign, and touches `inet refocus` only when it changes
    /// that table; so does a second `Nftables` the monitor was not told
    /// about; overflow is reported and reading goes on after it.
    @Test func monitorTellsForeignChangesFromOwn() throws {
        try Self.expect(
            "monitor",
            [
                "idle.readable": "false", "idle.empty": "true",
                "apply.readable": "true", "apply.own": "1", "apply.foreign": "0", "apply.check": "false",
                "apply.again.empty": "true",
                "other.status": "0", "other.readable": "true", "other.own": "0", "other.foreign": "1",
                "other.process": "nft", "other.touched": "false", "other.check": "false",
                "two.foreign": "2", "two.ordered": "true", "two.touched": "false",
                "delete.own": "1", "delete.foreign": "0",
                "nft-create.status": "0", "nft-create.foreign": "1", "nft-create.touched": "true",
                "nft-create.check": "true",
                "nft-delete.status": "0", "nft-delete.foreign": "1", "nft-delete.touched": "true",
                "stranger.foreign": "1", "stranger.port": "true", "stranger.touched": "true",
                "overflow.overflowed": "true", "overflow.check": "true",
                "after.overflowed": "false", "after.foreign": "1", "after.touched": "false",
            ])
    }

    /// While its owner lives, `nft flush ruleset` and `nft delete table inet
    /// refocus` leave the table and its elements; the flush is a foreign
    /// change that did not touch it, and the refused delete commits nothing.
    @Test func ownedTableSurvivesFlushAndDelete() throws {
        try Self.expect(
            "ownership",
            [
                "flush.status": "0", "other.listed": "false", "flush.foreign": "1", "flush.touched": "false",
                "delete.status": "1", "delete.foreign": "0",
                "state": "owned by us", "observer.state": "owned by owner",
                "elements": "intact", "listing.unchanged": "true",
            ])
    }

    /// Released, the table persists as an orphan with its elements; `nft`
    /// can delete it then; a new instance recreates it, and another reclaims an orphan.
    @Test func releasedTablePersistsUntilDeletedAndIsReclaimed() throws {
        try Self.expect(
            "persistence",
            [
                "fresh.state": "missing",
                "first.state": "owned by us", "first.observer": "owned by owner",
                "released.state": "orphaned", "released.elements": "intact",
                "delete.status": "0", "deleted.state": "missing",
                "recreated.state": "owned by us", "recreated.observer": "owned by owner",
                "recreated.elements": "intact",
                "reclaimed.state": "owned by us", "reclaimed.observer": "owned by reclaimer",
                "reclaimed.elements": "intact",
            ])
    }

    /// Runs `refocus-nft-scenarios <scenario>` in a sandbox and expects it to exit 0
    /// having printed each of `expected` as a `key: value` line.
    private static func expect(_ scenario: String, _ expected: [String: String]) throws {
        let run = try Sandbox(network: true).run(#""$BIN/refocus-nft-scenarios" "# + scenario)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        var facts: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            facts[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(facts[key] == value, "\(scenario): \(key)")
        }
    }
}
