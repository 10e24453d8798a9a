import Foundation
import Glibc
import RefocusCore
import RefocusNftReference
import RefocusNetfilter
import RefocusOS

/// `refocus-nft-scenarios counters`: the hits sets' counters per refused
/// address against real connection attempts to the peers of a test sandbox
/// (`Sandbox(peerAddresses:)`, servers on port 8080 behind a veth pair),
/// read back with `Nftables.hitCounters()` and `blockedTotal()`. Prints
/// facts for `NftCountersTests`.
///
/// Unlike the other scenarios it runs in the caller's network namespace,
/// where the peers are, and so refuses to run outside a sandbox: without
/// the sandbox's veth `refocus-v0`, or where table `inet refocus` exists.
enum NftCountersScenario {
    /// The sandbox's peers, all listening: what each is, and whether it is blocked.
    static let peers: [(role: String, address: String, blocked: Bool)] = [
        ("v4", "192.0.2.2", true), ("open", "192.0.2.3", false), ("v4net", "198.51.100.130", true),
        ("v6", "2001:db8::2", true), ("v6net", "2001:db8::8002", true),
    ]
    /// What is blocked: the blocked peers (single addresses, or inside a
    /// range that leaves out this side's addresses, the .1 and ::1 of each
    /// peer network), and, with no traffic, an address of each family and a
    /// range of each, and the address the datagram goes to.
    static let blocked = [
        "192.0.2.2", "198.51.100.128/25", "2001:db8::2", "2001:db8::8000/113",
        "203.0.113.7", "10.9.0.0/16", "2001:db8:ffff::7", "2001:db8:eeee::/48", datagramTarget,
    ]
    /// A blocked address on a peer network that nobody holds: one UDP datagram goes there.
    static let datagramTarget = "192.0.2.77"
    /// Connection attempts per blocked peer.
    static let attempts = 5

    static func run() throws {
        guard if_nametoindex("refocus-v0") != 0 else {
            throw ScenarioError.failed(
                "counters runs only inside a test sandbox with peers (no interface refocus-v0 here)")
        }
        let nftables = try Nftables()
        guard try !nftables.tableExists() else {
            throw ScenarioError.failed("counters runs only where table inet refocus does not exist yet")
        }
        let intervals = AddressIntervals(try blocked.map { try AddressRange(parsing: $0) })
        try nftables.apply(TableContents(blocked: intervals))
        NftScenarioFacts.record("fresh.total", try nftables.blockedTotal())
        NftScenarioFacts.record("fresh.hits", try nftables.hitCounters().count)

        for peer in peers {
            let address = try IPAddress(parsing: peer.address)
            let outcomes = (0..<(peer.blocked ? attempts : 1)).map { _ in PeerProbe.connect(to: address, port: 8080) }
            NftScenarioFacts.record("\(peer.role).connect", Set(outcomes).sorted().joined(separator: " "))
        }
        let udp = try IPAddress(parsing: datagramTarget)
        NftScenarioFacts.record("udp.send", PeerProbe.sendDatagram(to: udp, port: 53))

        let hits = try nftables.hitCounters()
        let refused = Set(try peers.filter(\.blocked).map { try IPAddress(parsing: $0.address) } + [udp])
        NftScenarioFacts.record("keys", Set(hits.keys) == refused ? "refused" : NftPacketCheck.describe(hits))
        for peer in peers {
            NftScenarioFacts.record(
                "\(peer.role).count", hits[try IPAddress(parsing: peer.address)].map(String.init) ?? "none")
        }
        NftScenarioFacts.record("udp.count", hits[udp].map(String.init) ?? "none")
        NftScenarioFacts.record("sum", hits.values.reduce(0, +))
        NftScenarioFacts.record("total", try nftables.blockedTotal())
        try recordListing()

        // A replacement starts every counter at zero, with empty hits sets.
        let more = AddressIntervals(try (blocked + ["203.0.113.9"]).map { try AddressRange(parsing: $0) })
        try nftables.replace(TableContents(blocked: more))
        NftScenarioFacts.record("replaced.hits", try nftables.hitCounters().count)
        NftScenarioFacts.record("replaced.total", try nftables.blockedTotal())
        try nftables.deleteTable()
        NftScenarioFacts.record("deleted.hits", try nftables.hitCounters().count)
        NftScenarioFacts.record("deleted.total", try nftables.blockedTotal())
    }

    /// What `nft list table inet refocus` shows: the counts on the hits
    /// sets' elements (`192.0.2.2 counter packets 5 bytes …`), for an
    /// address of a plain set and one inside a range, and no counter in a
    /// block set.
    private static func recordListing() throws {
        let listing = try NftReference.listing()
        let hits4 = setBlock("hits4", in: listing)
        NftScenarioFacts.record("listing.hits4.v4", hits4.contains("192.0.2.2 counter packets \(attempts) bytes "))
        NftScenarioFacts.record(
            "listing.hits4.v4net", hits4.contains("198.51.100.130 counter packets \(attempts) bytes "))
        let hits6 = setBlock("hits6", in: listing)
        NftScenarioFacts.record("listing.hits6.v6", hits6.contains("2001:db8::2 counter packets \(attempts) bytes "))
        let blockSets = ["v4", "v4net", "v6", "v6net"].map { setBlock($0, in: listing) }
        NftScenarioFacts.record(
            "listing.blocksets",
            blockSets.contains(where: \.isEmpty)
                ? "missing"
                : blockSets.contains { $0.contains("counter") } ? "with counters" : "without counters")
    }

    /// The lines of `set <name> { … }` in `listing`, empty when it has none.
    private static func setBlock(_ name: String, in listing: String) -> String {
        guard let start = listing.range(of: "\tset \(name) {\n") else { return "" }
        let rest = listing[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n\t}")?.lowerBound ?? rest.endIndex)])
    }
}
