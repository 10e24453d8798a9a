import RefocusTestSupport
import Testing

/// What is blocked for one user alone (issue 33, the table's part), through
/// the real `TableLayer` in `refocus-nft-scenarios users`, in a sandbox with
/// users `ann` and `bob`, dnsmasq answering `games.test`, and TCP servers
/// on three peers: ann's list blocks `.5` (written) and `games.test` (`.6`),
/// one range for the table (set `u<uid>_4net`), later `.7` too, which
/// extends the range. Ann's connections are refused at once (a reset, not a
/// timeout), from a user namespace of hers too (`unshare -r`: root there,
/// still her uid to the table); bob's and root's connect; `nft list` shows the `meta skuid`
/// rules; a new address is an update that keeps the table; with the block
/// gone ann connects again and there is no table.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NftUsersTests {
    @Test func oneUsersBlockRefusesThatUserAloneUntilItGoes() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("games.test", "198.51.100.6")],
            peerAddresses: ["198.51.100.5", "198.51.100.6", "198.51.100.7"])
        let run = try sandbox.run(
            #"""
            useradd -M ann && useradd -M bob
            "$BIN/refocus-nft-scenarios" users
            echo "ann uid: $(id -u ann)"
            """#)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let facts = NftCountersTests.facts(run.stdout)
        let uid = try #require(facts["ann uid"])
        let expected = [
            "first.state": "inForce", "first.count": "1",
            "first.ann.written": "refused", "first.ann.named": "refused", "first.ann.later": "connected",
            "first.ann.written.fast": "true", "first.ann.named.fast": "true",
            "first.bob.written": "connected", "first.bob.named": "connected", "first.bob.later": "connected",
            "first.root.written": "connected", "first.root.named": "connected", "first.root.later": "connected",
            "first.ann-unshared.written": "refused",
            // Three rules per user set, one set: ann's addresses, .5 and .6, are one range (u<uid>_4net).
            "listing.skuid": "3",
            // Read per uid from the rules' counters: ann's three, and bob has no rules at all.
            "refusals.ann": "3", "refusals.bob": "absent",
            "grown.countersReset": "false", "grown.ann.later": "refused", "grown.bob.later": "connected",
            "gone.state": "idle",
            "gone.ann.written": "connected", "gone.ann.named": "connected", "gone.ann.later": "connected",
            "gone.bob.written": "connected", "gone.root.named": "connected",
            "gone.table": "false",
        ]
        // Ann's three refused attempts (one SYN each; the third from her user namespace) on her set's reset rule.
        let reset = facts["listing.reset"] ?? ""
        #expect(
            reset.hasPrefix("meta skuid \(uid) meta l4proto tcp ip daddr @u\(uid)_4net counter packets 3 bytes ")
                && reset.hasSuffix(" reject with tcp reset"), "\(reset)")
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(facts[key] == value, "users: \(key): \(run.stdout)")
        }
    }
}
