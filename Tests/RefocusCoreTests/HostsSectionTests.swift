import Testing
@testable import RefocusCore
@testable import RefocusPlanning

@Suite struct HostsSectionTests {
    @Test func expandsSortsAndPairsAddresses() throws {
        let domains = try ["reddit.com", "www.example.org"].map { try DomainName(validating: $0) }
        let body = HostsSection.body(domains: domains, subdomains: ["www", "m"]).lines
        #expect(
            body == [
                "192.0.2.1 m.reddit.com", "100::1 m.reddit.com",
                "192.0.2.1 reddit.com", "100::1 reddit.com",
                "192.0.2.1 www.example.org", "100::1 www.example.org",
                "192.0.2.1 www.reddit.com", "100::1 www.reddit.com",
            ])
    }

    @Test func deterministicWhateverTheOrderAndDuplicates() throws {
        let a = try ["b.example", "a.example", "www.a.example"].map { try DomainName(validating: $0) }
        let b = try ["www.a.example", "a.example", "b.example", "a.example"].map { try DomainName(validating: $0) }
        #expect(HostsSection.body(domains: a) == HostsSection.body(domains: b))
        #expect(HostsSection.body(domains: a).lines.count == Set(HostsSection.body(domains: a).lines).count)
    }

    @Test func defaultSubdomains() throws {
        let body = HostsSection.body(domains: [try DomainName(validating: "x.example")]).lines
        #expect(body.count == 12)
        #expect(body.contains("192.0.2.1 api.x.example"))
        #expect(body.contains("100::1 mobile.x.example"))
    }

    @Test(arguments: [
        ("www", true), ("m2", true), ("a-b", true), ("", false), ("-a", false), ("A", false),
        ("a.b", false), (String(repeating: "a", count: 64), false),
    ])
    func subdomainLabels(_ label: String, valid: Bool) {
        #expect(Policy.isValidSubdomain(label) == valid)
    }

    @Test func invalidSubdomainsAreIgnoredAndLongNamesNotExpanded() throws {
        let long = String(repeating: "a", count: 63)
        let name = try DomainName(
            validating: [long, long, long, String(repeating: "b", count: 57), "com"].joined(separator: "."))
        let body = HostsSection.body(domains: [name], subdomains: ["www", "bad label"]).lines
        #expect(body == ["192.0.2.1 \(name)", "100::1 \(name)"])
    }
}
