import Foundation
import RefocusCore
import RefocusTestSupport
import Testing
import RefocusPlanning

/// The sandbox of the resolver module's tests: the module installed
/// (`Sandbox(resolverModule:)`), and dnsmasq answering every name the tests
/// ask for with an address of its own in 198.51.100.0/24, blocked names
/// included, so that the sinkhole can only come from the module and a name
/// the module lets through is answered by dns; `.invalid` is NXDOMAIN.
/// Also, for the scripts:
///
/// - `resolve KIND NAME`: `getent KIND NAME` (ahosts: getaddrinfo, which
///   calls gethostbyname4_r; hosts: gethostbyname2, IPv6 then IPv4) as one
///   line, `ahosts NAME: ADDRESS… status N`, the addresses sorted and unique;
/// - `byname NAME`: Python's `gethostbyname_ex` (gethostbyname_r, IPv4) as
///   `byname NAME: CANONICAL aliases [ALIAS…] ADDRESS…`, or `byname NAME: error`.
enum ResolverModuleSetUp {
    /// The sandbox, once the module is built (`ResolverModule`); when it
    /// cannot be, the test is cancelled, which reports it skipped with the reason.
    static func sandbox() throws -> Sandbox {
        if let reason = BuiltResolverModule.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        return Sandbox(
            dns: [Sandbox.Record("example.org", "198.51.100.9"), Sandbox.Record("notreddit.com", "198.51.100.8")],
            dnsmasqOptions: [
                "--address=/reddit.com/198.51.100.7", "--address=/xn--bcher-kva.de/198.51.100.11", "--local=/invalid/",
            ],
            resolverModule: BuiltResolverModule.path)
    }

    /// The index file that blocks `names`.
    static func index(_ names: String...) throws -> [UInt8] {
        try index(names)
    }

    static func index(_ names: [String]) throws -> [UInt8] {
        NameIndex(blocking: try names.map { try DomainName(validating: $0) }).bytes
    }

    static let functions = #"""
        resolve() {
          local status=0 found
          found=$(getent "$1" "$2" | awk '{ print $1 }' | sort -u | tr '\n' ' ') || status=$?
          echo "$1 $2: ${found}status $status"
        }
        byname() {
          python3 - "$1" <<'PY'
        import socket, sys
        try:
            name, aliases, addresses = socket.gethostbyname_ex(sys.argv[1])
            print("byname %s: %s aliases [%s] %s" % (sys.argv[1], name, " ".join(aliases), " ".join(addresses)))
        except OSError:
            print("byname %s: error" % sys.argv[1])
        PY
        }

        """#

    /// The words of the hosts line of the nsswitch.conf that `output` shows
    /// on its line `hosts line: …`.
    static func hostsServices(_ output: String) -> [String] {
        let line = output.split(separator: "\n").first { $0.hasPrefix("hosts line: ") } ?? ""
        return line.dropFirst("hosts line: hosts:".count).split(separator: " ").map(String.init)
    }
}
