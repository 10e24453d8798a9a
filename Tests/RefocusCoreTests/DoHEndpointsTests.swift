#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The built-in DNS-over-HTTPS endpoints, and what sessions make of them
/// with `block_doh_endpoints` on (the default) and off.
@Suite struct DoHEndpointsTests {
    @Test func everyNameAndAddressOfTheListParses() {
        #expect(DoHEndpoints.names.count == DoHEndpoints.nameTexts.count)
        #expect(DoHEndpoints.addresses.count == DoHEndpoints.addressTexts.count)
        #expect(Set(DoHEndpoints.addressTexts).count == DoHEndpoints.addressTexts.count, "no address listed twice")
        for known in ["8.8.8.8", "1.1.1.1", "9.9.9.9", "2001:4860:4860::8888", "2606:4700:4700::1111"] {
            #expect(DoHEndpoints.addressTexts.contains(known), "\(known)")
        }
    }

    @Test func aSessionRefusesTheEndpointsAddressesAndIndexesTheirNamesWithoutResolvingThem() throws {
        let session = try DesiredEnforcementTests.session(1000, [("a", ["fun.example"], [])])
        let desired = DesiredEnforcement(
            sessions: [session], policy: try DesiredEnforcementTests.policy(dohEndpoints: true), resolverModule: true)
        #expect(desired.dohAddresses == Set(DoHEndpoints.addresses))
        #expect(desired.indexedNames.contains(try DomainName(validating: "dns.google")))
        #expect(!desired.namesToResolve.contains("dns.google"), "their addresses are refused on 443 and 853 only")
        #expect(!desired.hostsNames.contains("dns.google"))
        #expect(desired.addresses.isEmpty)
    }

    @Test func theKeyOffNoSessionOrProgramsAloneBlockNoEndpoint() throws {
        let session = try DesiredEnforcementTests.session(1000, [("a", ["fun.example"], [])])
        var policy = try DesiredEnforcementTests.policy(dohEndpoints: true)
        policy.enforcement.blockDoHEndpoints = false
        let off = DesiredEnforcement(sessions: [session], policy: policy, resolverModule: true)
        #expect(off.dohAddresses.isEmpty)
        #expect(off.indexedNames.map(\.ascii) == ["fun.example"])
        let idle = DesiredEnforcement(
            sessions: [], policy: try DesiredEnforcementTests.policy(dohEndpoints: true), resolverModule: true)
        #expect(idle.dohAddresses.isEmpty)
        #expect(idle.indexedNames.isEmpty)
        // A session of programs alone blocks no site, so it opens no table (program tests rely on it).
        let programs = try DesiredEnforcementTests.session(1000, [("games", [], ["steam"])])
        let programsOnly = DesiredEnforcement(
            sessions: [programs], policy: try DesiredEnforcementTests.policy(dohEndpoints: true),
            resolverModule: true)
        #expect(programsOnly.dohAddresses.isEmpty && programsOnly.indexedNames.isEmpty)
    }

    @Test func aNameThePolicyNeverBlocksStaysOutOfTheIndex() throws {
        let session = try DesiredEnforcementTests.session(1000, [("a", ["fun.example"], [])])
        let policy = try DesiredEnforcementTests.policy(neverBlock: ["dns.google"], dohEndpoints: true)
        let desired = DesiredEnforcement(sessions: [session], policy: policy, resolverModule: true)
        #expect(!desired.indexedNames.contains(try DomainName(validating: "dns.google")))
        #expect(desired.indexedNames.contains(try DomainName(validating: "cloudflare-dns.com")))
    }
}
