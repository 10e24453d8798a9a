import RefocusTestSupport
import Testing

/// The nftables enforcement point against the real kernel and nft, through
/// `refocus-bench nft --check` (which enters a network namespace of its own
/// as well): listings equal to nft's, ownership, persistence, idempotence,
/// packets refused exactly at the blocked addresses and counted once per
/// refused address, and still refused when the hits set is full.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NftablesCheckTests {
    @Test func benchCheckPasses() throws {
        let run = try Sandbox(network: true).run(#""$BIN/refocus-bench" nft --check"#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("listings, packets and hit counters checked"))
    }
}
