import RefocusCore
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// The "Enforced by" line of `refocus status`: each layer when in force,
/// the DNS-over-HTTPS endpoints last, and nothing for a layer not in force.
@Suite struct StatusLayersTests {
    @Test func everyLayerInForceIsNamedAndTheEndpointsComeLast() {
        let all = StatusSnapshot.Counts(
            names: 12, addresses: 8, programs: 2, programBlocking: .execEvents, firewall: .table,
            resolverNames: 6, browserPolicies: ["chromium", "firefox"], dohEndpoints: 52)
        #expect(
            StatusBarFormat.layers(all) == "Enforced by: /etc/hosts (12 names), the resolver module (6 names and every "
                + "name under them), the nftables table (8 addresses), exec events (2 programs), browser policies (Chromium, "
                + "Firefox), DNS-over-HTTPS endpoints (52 addresses, ports 443 and 853).")
        let older = StatusSnapshot.Counts(names: 6, addresses: 0, programs: 0, programBlocking: .none, firewall: .table)
        #expect(
            StatusBarFormat.layers(older) == "Enforced by: /etc/hosts (6 names), the nftables table (0 addresses).",
            "a daemon older than dohEndpoints, or none refused")
        let none = StatusSnapshot.Counts(names: 0, addresses: 0, programs: 0, programBlocking: .none, dohEndpoints: 0)
        #expect(StatusBarFormat.layers(none) == "Enforced by: nothing.")
        let refused = StatusSnapshot.Counts(names: 0, addresses: 0, programs: 3, programBlocking: .execPermission)
        #expect(StatusBarFormat.layers(refused) == "Enforced by: exec permission (3 programs refused before they run).")
    }
}
