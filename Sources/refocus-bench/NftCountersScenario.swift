import Foundation
import Glibc
import RefocusCore
import RefocusSystem

/// `refocus-bench nft-counters`: each blocked interval's element counter
/// against real connection attempts to the peers of a test sandbox
/// (`Sandbox(peerAddresses:)`, servers on port 8080 behind a veth pair),
/// read back with `Nftables.elementCounters()` and `blockedTotal()`. Prints
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
            throw BenchError.checkFailed("nft-counters runs only inside a test sandbox with peers (no interface refocus-v0 here)")
        }
        let nftables = try Nftables()
        guard try !nftables.tableExists() else {
            throw BenchError.checkFailed("nft-counters runs only where table inet refocus does not exist yet")
        }
        let intervals = AddressIntervals(try blocked.map { try AddressRange(parsing: $0) })
        try nftables.apply(intervals)
        NftScenarioFacts.record("fresh.total", try nftables.blockedTotal())
        NftScenarioFacts.record("fresh.nonzero", try nftables.elementCounters().values.filter { $0 != 0 }.count)

        for peer in peers {
            let address = try IPAddress(parsing: peer.address)
            let outcomes = (0..<(peer.blocked ? attempts : 1)).map { _ in PeerProbe.connect(to: address, port: 8080) }
            NftScenarioFacts.record("\(peer.role).connect", Set(outcomes).sorted().joined(separator: " "))
        }
        NftScenarioFacts.record("udp.send", PeerProbe.sendDatagram(to: try IPAddress(parsing: datagramTarget), port: 53))

        let counters = try nftables.elementCounters()
        NftScenarioFacts.record("keys", Set(counters.keys) == Set(intervals.ipv4 + intervals.ipv6) ? "intervals" : "\(counters.keys)")
        for peer in peers {
            let address = try IPAddress(parsing: peer.address)
            let count = counters.first { $0.key.contains(address) }?.value
            NftScenarioFacts.record("\(peer.role).count", count.map(String.init) ?? "none")
        }
        let udp = try IPAddress(parsing: datagramTarget)
        NftScenarioFacts.record("udp.count", counters[udp...udp].map(String.init) ?? "none")
        let touched = Set(peers.map(\.address) + [datagramTarget]).compactMap { try? IPAddress(parsing: $0) }
        let idle = counters.filter { entry in !touched.contains(where: entry.key.contains) }
        NftScenarioFacts.record("idle.intervals", idle.count)
        NftScenarioFacts.record("idle.nonzero", idle.values.filter { $0 != 0 }.count)
        NftScenarioFacts.record("sum", counters.values.reduce(0, +))
        NftScenarioFacts.record("total", try nftables.blockedTotal())
        try recordListing()

        // A replacement starts every counter at zero.
        try nftables.apply(AddressIntervals(try (blocked + ["203.0.113.9"]).map { try AddressRange(parsing: $0) }))
        NftScenarioFacts.record("replaced.nonzero", try nftables.elementCounters().values.filter { $0 != 0 }.count)
        NftScenarioFacts.record("replaced.total", try nftables.blockedTotal())
        try nftables.deleteTable()
        NftScenarioFacts.record("deleted.elements", try nftables.elementCounters().count)
        NftScenarioFacts.record("deleted.total", try nftables.blockedTotal())
    }

    /// Whether `nft list table inet refocus` shows the counts on the elements
    /// (`192.0.2.2 counter packets 5 bytes …`), for a single address and a range.
    private static func recordListing() throws {
        let listing = try NftReference.listing()
        NftScenarioFacts.record("listing.v4", listing.contains("192.0.2.2 counter packets \(attempts) bytes "))
        NftScenarioFacts.record("listing.v4net", listing.contains("198.51.100.128/25 counter packets \(attempts) bytes "))
        NftScenarioFacts.record("listing.idle", listing.contains("203.0.113.7 counter packets 0 bytes 0"))
    }
}
