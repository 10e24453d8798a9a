import RefocusTestSupport
import Testing

/// The nftables enforcement point against the real kernel and nft, through
/// `refocus-nft-scenarios check` (which enters a network namespace of its
/// own as well): listings equal to nft's, ownership, persistence,
/// idempotence, packets refused exactly at the blocked addresses and
/// counted once per refused address, and still refused when the hits set
/// is full. And the benchmark that times the same table, in its short run.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NftablesCheckTests {
    @Test func scenarioCheckPasses() throws {
        let run = try Sandbox(network: true).run(#""$BIN/refocus-nft-scenarios" check"#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("listings, packets and hit counters checked"))
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
