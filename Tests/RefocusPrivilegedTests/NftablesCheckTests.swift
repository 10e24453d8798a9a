import RefocusTestSupport
import Testing

/// The nftables enforcement point against the real kernel and nft, through
/// `refocus-bench nft --check` (which enters a network namespace of its own
/// as well): listings equal to nft's, ownership, persistence, idempotence,
/// and packets refused exactly at the blocked addresses.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NftablesCheckTests {
    @Test func benchCheckPasses() throws {
        let run = try Sandbox(network: true).run(#""$BIN/refocus-bench" nft --check"#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("listings and packets checked"))
    }
}
