import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// Taking protected addresses out of the blocked ones, adding the sinkhole,
/// and measuring merged ranges against the shortest prefix allowed.
@Suite struct AddressSubtractionTests {
    static func intervals(_ texts: [String]) throws -> AddressIntervals {
        AddressIntervals(try texts.map { try AddressRange(parsing: $0) })
    }

    static func text(_ intervals: AddressIntervals) -> [String] {
        (intervals.ipv4 + intervals.ipv6).map {
            $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
        }
    }

    @Test(arguments: [
        // blocked, removed, left
        (["192.0.2.0/24"], [], ["192.0.2.0-192.0.2.255"]),
        (["192.0.2.0/24"], ["192.0.2.1"], ["192.0.2.0", "192.0.2.2-192.0.2.255"]),
        (["192.0.2.0/24"], ["192.0.2.0"], ["192.0.2.1-192.0.2.255"]),
        (["192.0.2.0/24"], ["192.0.2.255"], ["192.0.2.0-192.0.2.254"]),
        (["192.0.2.0/24"], ["192.0.2.0/24"], []),
        (["192.0.2.0/24"], ["192.0.0.0/16"], []),
        (
            ["192.0.2.0/24", "198.51.100.0/24"], ["192.0.2.128/25", "198.51.100.0/25"],
            ["192.0.2.0-192.0.2.127", "198.51.100.128-198.51.100.255"]
        ),
        (
            ["10.0.0.0/16"], ["10.0.1.0/24", "10.0.3.0/24"],
            ["10.0.0.0-10.0.0.255", "10.0.2.0-10.0.2.255", "10.0.4.0-10.0.255.255"]
        ),
        // One removal across two blocked intervals, and removals that touch nothing.
        (
            ["10.0.0.0/24", "10.0.2.0/24"], ["10.0.0.128/25", "10.0.1.0/24", "10.0.2.0/25"],
            ["10.0.0.0-10.0.0.127", "10.0.2.128-10.0.2.255"]
        ),
        (["192.0.2.5"], ["10.0.0.0/8", "203.0.113.0/24"], ["192.0.2.5"]),
        // The edges of the space.
        (["0.0.0.0/1", "128.0.0.0/1"], ["0.0.0.0/8", "255.255.255.255"], ["1.0.0.0-255.255.255.254"]),
        (
            ["2001:db8::/32", "100::1"], ["2001:db8::1", "::/128"],
            ["100::1", "2001:db8::", "2001:db8::2-2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"]
        ),
        (["::/1"], ["::"], ["::1-7fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]),
    ])
    func subtracting(blocked: [String], removed: [String], left: [String]) throws {
        #expect(Self.text(try Self.intervals(blocked).subtracting(try Self.intervals(removed))) == left)
    }

    @Test func unionMergesNeighbours() throws {
        let merged = try Self.intervals(["192.0.2.2", "2001:db8::1"]).union(AddressIntervals(Sinkhole.ranges))
        #expect(Self.text(merged) == ["192.0.2.1-192.0.2.2", "100::1", "2001:db8::1"])
    }

    @Test(arguments: [
        // ranges, prefix, IPv6, the intervals wider than one block of that prefix
        (["10.0.0.0/16"], 16, false, []),
        (["10.0.0.0/16", "10.1.0.0/16"], 16, false, ["10.0.0.0-10.1.255.255"]),
        (["10.0.0.128/25", "10.0.1.0/24", "10.0.2.0/25"], 23, false, []),
        (["10.0.0.127", "10.0.0.128/25", "10.0.1.0/24", "10.0.2.0/25"], 23, false, ["10.0.0.127-10.0.2.127"]),
        (["0.0.0.0/1", "128.0.0.0/1"], 1, false, ["0.0.0.0-255.255.255.255"]),
        (["2001:db8::/32"], 32, true, []),
        (["2001:db8::/32", "2001:db9::/48"], 32, true, ["2001:db8::-2001:db9:0:ffff:ffff:ffff:ffff:ffff"]),
        (["2001:db8::/64", "2001:db8:0:1::"], 64, true, ["2001:db8::-2001:db8:0:1::"]),
        (["2001:db8::/64"], 65, true, ["2001:db8::-2001:db8::ffff:ffff:ffff:ffff"]),
        (["2001:db8::/96"], 96, true, []),
        (["::/1", "8000::/1"], 1, true, ["::-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]),
    ])
    func widerThanPrefix(ranges: [String], prefix: Int, ipv6: Bool, wide: [String]) throws {
        let found = try Self.intervals(ranges).wider(thanPrefix: prefix, ipv6: ipv6)
        #expect(found.map { "\($0.lowerBound)-\($0.upperBound)" } == wide)
    }

    @Test func protectionsNameTheFirstRangeOverlapped() throws {
        var policy = Policy()
        policy.neverBlockAddresses = [try AddressRange(parsing: "10.20.0.0/16")]
        let protected = ProtectedAddresses(
            policy: policy, system: [.init(try AddressRange(parsing: "192.0.2.53"), "a name server")])
        #expect(
            protected.protection(overlapping: try AddressRange(parsing: "10.20.30.0/24"))?.reason
                == ProtectedAddresses.policyReason)
        #expect(
            protected.protection(overlapping: try AddressRange(parsing: "192.0.2.0/24"))?.description
                == "192.0.2.53 (a name server)")
        #expect(protected.protection(overlapping: try AddressRange(parsing: "192.0.2.54")) == nil)
        #expect(protected.protection(overlapping: try AddressRange(parsing: "8.8.8.8")) == nil)
        #expect(
            protected.protection(overlapping: Sinkhole.ranges.first { $0.first.isIPv4 } ?? AddressRange(Sinkhole.ipv4))
                == nil,
            "the sinkhole is not protected")
    }

    @Test func theSinkholeAddressesAreTheDocumentedOnes() {
        #expect("\(Sinkhole.ipv4)" == "192.0.2.1")
        #expect("\(Sinkhole.ipv6)" == "100::1")
    }
}

/// The default gateways of /proc/net/route and /proc/net/ipv6_route.
@Suite struct RouteTablesTests {
    @Test func ipv4DefaultRoutesOnly() {
        let text = """
            Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
            eth0\t00000000\t0102A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0
            eth0\t0002A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0
            wg0\t00000000\t00000000\t0001\t0\t0\t50\t00000000\t0\t0\t0
            eth1\t00000000\t0101000A\t0003\t0\t0\t200\t00000000\t0\t0\t0

            """
        // The kernel prints the network-order value as a host integer: on this little-endian machine, reversed.
        #expect(RouteTables.ipv4Gateways(text).map(\.description) == ["192.168.2.1", "10.0.1.1"])
    }

    @Test func ipv6DefaultRoutesOnly() {
        let zero = String(repeating: "0", count: 32)
        let text = """
            \(zero) 00 \(zero) 00 fe800000000000000000000000000001 00000400 00000001 00000000 00000003     eth0
            20010db8000000000000000000000000 40 \(zero) 00 \(zero) 00000100 00000001 00000000 00000001     eth0
            \(zero) 00 \(zero) 00 \(zero) ffffffff 00000001 00000000 00200200       lo
            \(zero) 00 \(zero) 00 20010db8000000000000000000000001 00000400 00000001 00000000 00000003     eth1

            """
        #expect(RouteTables.ipv6Gateways(text).map(\.description) == ["fe80::1", "2001:db8::1"])
    }
}
