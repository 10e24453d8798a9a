import Testing

@testable import RefocusCore

/// Ranges in; single addresses and ranges (`first-last`) out, both families in order.
@Test(
    arguments: [
        ([], [], []),
        (["192.0.2.1"], ["192.0.2.1"], []),
        (["10.0.0.0/8"], [], ["10.0.0.0-10.255.255.255"]),
        // A single address inside a range is not repeated as a single.
        (["10.0.0.0/8", "10.1.2.3"], [], ["10.0.0.0-10.255.255.255"]),
        (["2001:db8::/32", "2001:db8::1"], [], ["2001:db8::-2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"]),
        // A single address next to a range joins it.
        (["192.0.2.0/31", "192.0.2.2"], [], ["192.0.2.0-192.0.2.2"]),
        // Neighbouring single addresses form a range; one apart, they stay single.
        (["192.0.2.1", "192.0.2.2", "192.0.2.4"], ["192.0.2.4"], ["192.0.2.1-192.0.2.2"]),
        (["192.0.2.9", "192.0.2.1", "192.0.2.9", "192.0.2.5"], ["192.0.2.1", "192.0.2.5", "192.0.2.9"], []),
        // Both kinds, both families, the edges of both address spaces.
        (
            [
                "0.0.0.0", "10.0.0.0/8", "255.255.255.254/31", "::/127", "2001:db8::5",
                "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
            ],
            ["0.0.0.0", "2001:db8::5", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
            ["10.0.0.0-10.255.255.255", "255.255.255.254-255.255.255.255", "::-::1"]
        ),
    ] as [([String], [String], [String])])
func splitSeparatesSingleAddressesFromRanges(_ example: (ranges: [String], singles: [String], wider: [String])) throws {
    let intervals = AddressIntervals(try example.ranges.map { try AddressRange(parsing: $0) })
    let ipv4 = intervals.ipv4Split
    let ipv6 = intervals.ipv6Split
    #expect((ipv4.singles + ipv6.singles).map(\.description) == example.singles)
    #expect((ipv4.ranges + ipv6.ranges).map { "\($0.lowerBound)-\($0.upperBound)" } == example.wider)
    #expect(ipv4.singles.allSatisfy(\.isIPv4) && ipv4.ranges.allSatisfy(\.lowerBound.isIPv4))
    #expect(!ipv6.singles.contains(where: \.isIPv4) && !ipv6.ranges.contains(where: \.lowerBound.isIPv4))
    #expect((ipv4.isEmpty && ipv6.isEmpty) == intervals.isEmpty)
}

@Test func splitKeepsEveryIntervalOnce() {
    // 10.0.0.0, 10.0.0.2, … single; every tenth joined to its neighbour.
    let ranges = (0..<1_000).flatMap { index -> [AddressRange] in
        let address = AddressRange(.v4(0x0A00_0000 + UInt32(index) * 4))
        return index % 10 == 0 ? [address, AddressRange(.v4(0x0A00_0000 + UInt32(index) * 4 + 1))] : [address]
    }
    let split = AddressIntervals(ranges).ipv4Split
    #expect(split.singles.count == 900)
    #expect(split.ranges.count == 100)
    #expect(split.ranges.allSatisfy { $0.upperBound == $0.lowerBound.successor })
    #expect(split.singles == split.singles.sorted())
}
