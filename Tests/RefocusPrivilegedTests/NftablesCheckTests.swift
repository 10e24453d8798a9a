import RefocusTestSupport
import Testing

/// The nftables enforcement point against the real kernel and nft, through
/// `refocus-nft-scenarios check` (which enters a network namespace of its
/// own as well): listings equal to nft's, ownership, persistence,
/// idempotence, updates of the sets' elements alone that keep the
/// counters, packets refused exactly at the blocked addresses and
/// counted once per refused address, and still refused when the hits set
/// is full. And the benchmark that times the same table, in its short run.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NftablesCheckTests {
    /// Every check of the scenario, in order: one missing (skipped, or not reached) fails the test.
    static let checks = [
        "a fresh network namespace has no table inet refocus",
        "nft lists exactly the 8 intervals applied, and empty hits sets",
        "a second apply of the same intervals changes nothing",
        "another process's apply is refused: owned by another process",
        "another process's deleteTable is refused: owned by another process",
        "nft cannot delete the owned table",
        "nft flush ruleset leaves the owned table",
        "nft lists exactly the 8 intervals applied, and empty hits sets",
        "the listing equals nft's own for 8 intervals",
        "the table outlives its owner (PERSIST)",
        "nft lists exactly the 4 intervals applied, and empty hits sets",
        "deleteTable deletes the table and tolerates its absence",
        "the listing equals nft's own for 4 intervals",
        "the listing equals nft's own for 4 intervals and 3 endpoints",
        "the listing equals nft's own for 0 intervals and 3 endpoints",
        "the listing equals nft's own for 4 intervals and 3 endpoints and 2 users' blocks",
        "the listing equals nft's own for 0 intervals and 3 endpoints and 2 users' blocks",
        "no address to block, no table",
        "the first table is made whole",
        "a packet to a blocked address is counted",
        "an update sends only the changed elements (8 added, 6 deleted) and keeps the counters",
        "the same contents again send nothing",
        "a set that goes away replaces the table",
        "a set outgrowing its size replaces the table",
        "nft lists exactly the 5 intervals applied, and empty hits sets",
        "packets refused at exactly the 10 blocked probes; 10 neighbours connect",
        "one hit counted per refused address, and the rules' total is their sum",
        "a full hits set (65536 addresses) still refuses, unchanged, and the rules count on",
    ]

    @Test func everyCheckOfTheScenarioRunsAndPasses() throws {
        let run = try Sandbox(network: true).run(#""$BIN/refocus-nft-scenarios" check"#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let checked = run.stdout.split(separator: "\n").filter { $0.hasPrefix("checked: ") }.map {
            String($0.dropFirst(9))
        }
        #expect(checked == Self.checks, "\(run.stdout)")
    }

    /// `refocus-bench nft --check` times the smallest size only, both
    /// sides, having found that they made the same table.
    @Test func benchCheckTimesTheSmallestSize() throws {
        let run = try Sandbox(network: true).run(#""$BIN/refocus-bench" nft --check"#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let sizes = run.stdout.split(separator: "\n").filter { $0.contains("refocus apply") && $0.contains("nft -f") }
        #expect(sizes.count == 1, "\(run.stdout)")
        #expect(sizes.first?.hasPrefix("  1,000 ") == true, "\(run.stdout)")
    }
}
