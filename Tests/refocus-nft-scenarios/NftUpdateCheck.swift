import Foundation
import Glibc
import RefocusCore
import RefocusNetfilter
import RefocusOS

/// A change costs what changed: from one table to another of the same
/// shape, `apply` sends only the elements that differ, in both kinds of set
/// and both families (a range grown, one shrunk, one added, single
/// addresses swapped), and the rules' counters survive it; the same
/// contents again send nothing; a set appearing, or one outgrowing its
/// size, replaces the table.
enum NftUpdateCheck {
    static func intervals(_ texts: [String]) throws -> AddressIntervals {
        AddressIntervals(try texts.map { try AddressRange(parsing: $0) })
    }

    static func run(_ nftables: Nftables) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") else {
            return print("  update check skipped: needs ip (iproute2)")
        }
        _ = try ForegroundProcess.run(["/usr/sbin/ip", "link", "set", "lo", "up"])
        let before = try intervals([
            "127.0.0.2", "192.0.2.0/28", "198.51.100.1", "198.51.100.2", "10.0.0.0/16",
            "2001:db8::1", "2001:db8:1::/64",
        ])
        let after = try intervals([
            "127.0.0.2", "192.0.2.0/27", "198.51.100.2", "198.51.100.3", "10.0.0.0/17",
            "10.2.0.0/16", "2001:db8::2", "2001:db8:1::/63",
        ])
        try NftCheckScenario.expect(
            try nftables.replace(TableContents(blocked: before)) == .replaced, "the first table is made whole")
        try NftCheck.expectBlockSets(before)
        refusedPacket(to: "127.0.0.2")
        let counted = try nftables.blockedTotal()
        try NftCheckScenario.expect(counted >= 1, "a packet to a blocked address is counted")

        let change = try nftables.apply(TableContents(blocked: after))
        guard case let .updated(added, deleted) = change, added > 0, deleted > 0 else {
            throw ScenarioError.failed("expected an update of the sets, got \(change)")
        }
        try NftCheck.expectBlockSets(after)
        try NftCheckScenario.expect(
            try nftables.blockedTotal() == counted && (try nftables.hitCounters()).count == 1,
            "an update sends only the changed elements (\(added) added, \(deleted) deleted) and keeps the counters")
        try NftCheckScenario.expect(
            try nftables.apply(TableContents(blocked: after)) == Nftables.Change.none,
            "the same contents again send nothing")

        let withoutIPv6Singles = try intervals(["127.0.0.2", "192.0.2.0/27", "2001:db8:1::/63"])
        try NftCheckScenario.expect(
            try nftables.apply(TableContents(blocked: withoutIPv6Singles)) == .replaced,
            "a set that goes away replaces the table")
        try NftCheck.expectBlockSets(withoutIPv6Singles)
        let many = withoutIPv6Singles.union(NftScenarioFacts.distinctAddresses(40))
        try NftCheckScenario.expect(
            try nftables.apply(TableContents(blocked: many)) == .replaced,
            "a set outgrowing its size replaces the table")
        try NftCheck.expectBlockSets(many)
        try nftables.deleteTable()
    }

    /// Sends one UDP datagram to port 9 of `address`, which the table refuses.
    private static func refusedPacket(to address: String) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(socket) }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = UInt16(9).bigEndian
        inet_pton(AF_INET, address, &target.sin_addr)
        var byte: UInt8 = 0
        _ = withUnsafePointer(to: &target) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(socket, &byte, 1, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }
}
