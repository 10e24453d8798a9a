import Foundation
import RefocusCore
import RefocusNftReference
import RefocusNetfilter
import RefocusOS

/// Whether a full hits set lets a blocked packet through: it must not. UDP
/// datagrams to distinct blocked addresses (a range made local with `ip
/// route add local`) fill `hits4` to its capacity; 100 more, to new
/// addresses, find it full: the kernel adds no element, which ends the
/// `update` rule only, so they must still be refused (EPERM from sendto),
/// leave the hits set as it was, and be counted by the rules like all the
/// others. Part of `refocus-nft-scenarios check`; runs in its private namespace.
///
/// Filling takes rounds: in a burst the kernel may fail to add an address
/// (it allocates the element's counter atomically), so each round sends to
/// as many new addresses as the set still has room for.
enum NftFullHitsCheck {
    /// The blocked range the datagrams go to (an interval set, `v4net`).
    static let range = "10.0.0.0/8"
    /// Datagrams sent once the hits set is full.
    static let beyond = 100

    static func run(_ nftables: Nftables) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
        else { return print("  full hits set check skipped: needs ip (iproute2)") }
        let blocked = try AddressRange(parsing: range)
        guard case .v4(let first) = blocked.first else { throw ScenarioError.failed("\(range) is not IPv4") }
        try nftables.apply(TableContents(blocked: AddressIntervals([blocked])))
        try ScenarioMain.shell("ip route replace local \(range) dev lo")
        defer { try? ScenarioMain.shell("ip route del local \(range) dev lo") }

        var datagrams = Datagrams(next: first + 1)
        let capacity = NftReference.hitsCapacity
        var hits: [IPAddress: UInt64] = [:]
        for _ in 0..<10 where hits.count < capacity {
            datagrams.send(capacity - hits.count)
            hits = try nftables.hitCounters()
        }
        guard hits.count == capacity else {
            throw ScenarioError.failed(
                "\(datagrams.sent) datagrams filled the hits set with \(hits.count) addresses,"
                    + " not \(capacity)")
        }
        guard hits.values.allSatisfy({ $0 == 1 }), hits.keys.allSatisfy((blocked.first...blocked.last).contains) else {
            throw ScenarioError.failed(
                "the full hits set holds \(hits.values.filter { $0 != 1 }.count) counts other than 1"
                    + " or addresses outside \(range)")
        }
        datagrams.send(beyond)
        guard datagrams.outcomes == ["not permitted": datagrams.sent] else {
            throw ScenarioError.failed(
                "datagrams to \(datagrams.sent) blocked addresses: \(datagrams.outcomes),"
                    + " expected all not permitted")
        }
        guard try nftables.hitCounters() == hits else {
            throw ScenarioError.failed("the full hits set changed when \(beyond) more addresses were refused")
        }
        let total = try nftables.blockedTotal()
        guard total == UInt64(datagrams.sent) else {
            throw ScenarioError.failed("the rules counted \(total) packets, expected \(datagrams.sent)")
        }
        NftScenarioFacts.checked(
            "a full hits set (\(capacity) addresses) still refuses, unchanged, and the rules count on")
        try nftables.deleteTable()
    }

    /// One datagram each to consecutive addresses, from loopback: the ICMP
    /// error the reject sends back must not go to a blocked address itself.
    private struct Datagrams {
        /// The address the next datagram goes to.
        var next: UInt32
        var sent = 0
        /// How many sends had each outcome (`PeerProbe.sendDatagrams`).
        var outcomes: [String: Int] = [:]

        mutating func send(_ count: Int) {
            let targets = (0..<UInt32(count)).map { IPAddress.v4(next + $0) }
            outcomes.merge(PeerProbe.sendDatagrams(to: targets, port: 53, from: .v4(0x7F00_0001))) { $0 + $1 }
            next += UInt32(count)
            sent += count
        }
    }
}
