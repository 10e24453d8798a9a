import Testing
@testable import RefocusCore

@Suite struct ResolvedNameTests {
    static func address(_ text: String) -> IPAddress {
        (try? IPAddress(parsing: text)) ?? .v4(0)
    }

    static let v4 = LookupOutcome.addresses(["192.0.2.2", "192.0.2.1", "192.0.2.2"].map(address), ttl: 300)
    static let v6 = LookupOutcome.addresses([address("2001:db8::1")], ttl: 300)
    static let refused = LookupOutcome.serverFailure(reason: "refused")

    @Test(
        arguments: [
            (v4, v6, nil),
            (v4, .noData, nil),
            (.noData, v6, nil),
            (.noData, .noData, LookupFailure.noData),
            (.notFound, .notFound, .notFound),
            (.notFound, .noData, .notFound),
            (v4, .timedOut, .timedOut),
            (.timedOut, refused, .timedOut),
            (refused, .notFound, .serverFailure),
            (v4, refused, .serverFailure),
            (.addresses([address("0.0.0.0")], ttl: 300), .addresses([address("::")], ttl: 300), .unusableAddresses),
            (.addresses([address("127.0.0.1")], ttl: 300), .noData, .unusableAddresses),
        ] as [(LookupOutcome, LookupOutcome, LookupFailure?)])
    func combinesBothQueries(_ ipv4: LookupOutcome, _ ipv6: LookupOutcome, failure: LookupFailure?) throws {
        let name = try DomainName(validating: "example.com")
        #expect(ResolvedName(name: name, ipv4: ipv4, ipv6: ipv6).failure == failure)
    }

    @Test func theTimeToLiveIsTheShortestOfTheAnswersWithAddresses() throws {
        let name = try DomainName(validating: "example.com")
        let short = LookupOutcome.addresses([Self.address("2001:db8::2")], ttl: 40)
        #expect(ResolvedName(name: name, ipv4: Self.v4, ipv6: short).ttl == 40)
        #expect(ResolvedName(name: name, ipv4: Self.v4, ipv6: .noData).ttl == 300)
        #expect(
            ResolvedName(name: name, ipv4: .addresses([], ttl: 5), ipv6: Self.v6).ttl == 300,
            "an empty answer has no say")
        #expect(ResolvedName(name: name, ipv4: .notFound, ipv6: .timedOut).ttl == nil)
    }

    @Test func sortsDeduplicatesAndKeepsTheServersReason() throws {
        let name = try DomainName(validating: "example.com")
        let resolved = ResolvedName(name: name, ipv4: Self.v4, ipv6: Self.refused)
        #expect(resolved.ipv4.map(\.description) == ["192.0.2.1", "192.0.2.2"])
        #expect(resolved.ipv6.isEmpty)
        #expect(resolved.serverReason == "refused")
        #expect(
            ResolvedName(name: name, ipv4: Self.v4, ipv6: Self.v6).addresses.map(\.description)
                == ["192.0.2.1", "192.0.2.2", "2001:db8::1"])
    }

    @Test(arguments: [
        ("192.0.2.1", true), ("10.0.0.1", true), ("2001:db8::1", true), ("::ffff:192.0.2.1", true),
        ("0.0.0.0", false), ("127.0.0.1", false), ("127.255.0.9", false), ("::", false), ("::1", false),
        ("::ffff:127.0.0.1", false), ("::ffff:0.0.0.0", false),
    ])
    func blockableAddresses(_ text: String, blockable: Bool) throws {
        #expect(try IPAddress(parsing: text).isBlockable == blockable)
    }
}
