import Testing

@testable import RefocusCore
import RefocusTestSupport

// MARK: - Tables

/// Ranges in, intervals out (`first-last`, or one address when equal), per family.
@Test(
    arguments: [
        // Nothing, one address, one range.
        ([], []),
        (["192.0.2.1"], ["192.0.2.1"]),
        (["10.0.0.0/8"], ["10.0.0.0-10.255.255.255"]),
        // Duplicates and order do not matter.
        (["192.0.2.9", "192.0.2.1", "192.0.2.9"], ["192.0.2.1", "192.0.2.9"]),
        // Overlap: a range sticking out of another.
        (["10.0.0.0/24", "10.0.0.128/25", "10.0.0.200/29"], ["10.0.0.0-10.0.0.255"]),
        // Containment: a single address inside a range, a range inside a range.
        (["10.0.0.0/8", "10.1.2.3", "10.200.0.0/16"], ["10.0.0.0-10.255.255.255"]),
        // Adjacency: touching ranges and addresses merge, a one-address gap does not.
        (["10.0.0.0/25", "10.0.0.128/25"], ["10.0.0.0-10.0.0.255"]),
        (["192.0.2.1", "192.0.2.2", "192.0.2.3"], ["192.0.2.1-192.0.2.3"]),
        (["192.0.2.1", "192.0.2.3"], ["192.0.2.1", "192.0.2.3"]),
        (["192.0.2.0/31", "192.0.2.3", "192.0.2.2"], ["192.0.2.0-192.0.2.3"]),
        // The edges of the IPv4 space.
        (["0.0.0.0"], ["0.0.0.0"]),
        (["255.255.255.255"], ["255.255.255.255"]),
        (["0.0.0.0/1", "128.0.0.0/1"], ["0.0.0.0-255.255.255.255"]),
        (["255.255.255.254", "255.255.255.255", "255.255.255.0/24"], ["255.255.255.0-255.255.255.255"]),
        (["0.0.0.0", "0.0.0.1", "255.255.255.255"], ["0.0.0.0-0.0.0.1", "255.255.255.255"]),
        // IPv6, and the edges of its space.
        (["2001:db8::/32", "2001:db8:1::1", "2001:db9::/32"], ["2001:db8::-2001:db9:ffff:ffff:ffff:ffff:ffff:ffff"]),
        (["::"], ["::"]),
        (["::", "::1"], ["::-::1"]),
        (["ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"], ["ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]),
        (
            ["ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe"],
            ["ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]
        ),
        (["::/1", "8000::/1"], ["::-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]),
        // Carry across the 64-bit halves: ::ffff:ffff:ffff:ffff and 0:0:0:1:: touch.
        (["::ffff:ffff:ffff:ffff", "0:0:0:1::"], ["::ffff:ffff:ffff:ffff-0:0:0:1::"]),
        // Families never merge: 255.255.255.255 and :: are not adjacent.
        (["255.255.255.255", "::"], ["255.255.255.255", "::"]),
    ] as [([String], [String])])
func intervalsMergeOverlapsContainmentAndAdjacency(_ example: (ranges: [String], intervals: [String])) throws {
    let intervals = AddressIntervals(try example.ranges.map { try AddressRange(parsing: $0) })
    #expect((intervals.ipv4 + intervals.ipv6).map(render) == example.intervals)
    #expect(intervals.count == example.intervals.count)
    #expect(intervals.isEmpty == example.intervals.isEmpty)
}

@Test func familiesAreSeparatedAndOrdered() throws {
    let intervals = AddressIntervals(
        try ["2001:db8::1", "192.0.2.1", "::1", "10.0.0.1"].map { try AddressRange(parsing: $0) })
    #expect(intervals.ipv4.map(render) == ["10.0.0.1", "192.0.2.1"])
    #expect(intervals.ipv6.map(render) == ["::1", "2001:db8::1"])
    #expect(AddressIntervals.empty.isEmpty)
    #expect(AddressIntervals.empty == AddressIntervals([]))
}

@Test(
    arguments: [
        ("192.0.2.1", "192.0.2.2"),
        ("0.0.0.255", "0.0.1.0"),
        ("255.255.255.255", nil),
        ("::", "::1"),
        ("::ffff:ffff:ffff:ffff", "0:0:0:1::"),
        ("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", nil),
    ] as [(String, String?)])
func successorIsTheNextAddressOrNilAtTheEnd(_ example: (address: String, successor: String?)) throws {
    #expect(try IPAddress(parsing: example.address).successor?.description == example.successor)
}

// MARK: - Randomised agreement with a brute-force reference

/// A space of 64 addresses: `base + 0 … base + 63`, for IPv4 or IPv6.
private struct SmallSpace: CustomTestStringConvertible, Sendable {
    let name: String
    let address: @Sendable (Int) -> IPAddress
    let width: Int
    var testDescription: String { name }

    /// A random CIDR range inside the space: prefix length `width - k` for `k` in 0…6.
    func randomRange(using generator: inout SeededGenerator) throws -> AddressRange {
        let hostBits = Int.random(in: 0...6, using: &generator)
        let offset = (Int.random(in: 0..<64, using: &generator) >> hostBits) << hostBits
        return try AddressRange(address: address(offset), prefixLength: width - hostBits)
    }
}

private let spaces: [SmallSpace] = [
    SmallSpace(name: "IPv4 from 0.0.0.0", address: { .v4(UInt32($0)) }, width: 32),
    SmallSpace(name: "IPv4 to 255.255.255.255", address: { .v4(UInt32.max - 63 + UInt32($0)) }, width: 32),
    SmallSpace(name: "IPv6 from ::", address: { .v6(high: 0, low: UInt64($0)) }, width: 128),
    SmallSpace(name: "IPv6 to ffff:…:ffff", address: { .v6(high: .max, low: .max - 63 + UInt64($0)) }, width: 128),
]

@Test(arguments: spaces)
private func intervalsAgreeWithBruteForce(_ space: SmallSpace) throws {
    var generator = SeededGenerator(seed: 0x5EED)
    for _ in 0..<500 {
        let count = Int.random(in: 0...8, using: &generator)
        let ranges = try (0..<count).map { _ in try space.randomRange(using: &generator) }

        // Reference: mark every covered offset, then read off the runs.
        var covered = [Bool](repeating: false, count: 64)
        for range in ranges {
            for offset in 0..<64 where (range.first...range.last).contains(space.address(offset)) {
                covered[offset] = true
            }
        }
        var expected: [ClosedRange<IPAddress>] = []
        var runStart: Int?
        for offset in 0...64 {
            if offset < 64 && covered[offset] {
                runStart = runStart ?? offset
            } else if let start = runStart {
                expected.append(space.address(start)...space.address(offset - 1))
                runStart = nil
            }
        }

        let intervals = AddressIntervals(ranges)
        let actual = space.width == 32 ? intervals.ipv4 : intervals.ipv6
        #expect(actual == expected, "ranges: \(ranges)")
        let split = space.width == 32 ? intervals.ipv4Split : intervals.ipv6Split
        #expect(split.singles == expected.filter { $0.lowerBound == $0.upperBound }.map(\.lowerBound))
        #expect(split.ranges == expected.filter { $0.lowerBound != $0.upperBound })
        #expect((space.width == 32 ? intervals.ipv6 : intervals.ipv4).isEmpty)
    }
}

private func render(_ interval: ClosedRange<IPAddress>) -> String {
    interval.lowerBound == interval.upperBound
        ? interval.lowerBound.description
        : "\(interval.lowerBound)-\(interval.upperBound)"
}
