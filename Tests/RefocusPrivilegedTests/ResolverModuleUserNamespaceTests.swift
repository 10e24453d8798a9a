import Foundation
import RefocusTestSupport
import Testing

/// The resolver module inside the user namespaces a member can make
/// without privilege: `unshare -r` (the member mapped to root, root
/// unmapped) and `unshare -U` (nothing mapped). There the helper's index
/// shows as owned by the overflow uid, and the module used to believe root's
/// uid only, so it blocked nothing: the owner of a locked session reached
/// any name under a blocked domain that the hosts section does not hold,
/// every name of a list above `hosts_only_above`, and the DNS-over-HTTPS
/// endpoints' subdomains. The member runs `getent` through the real sudo
/// set-up's user (setpriv), in a sandbox with the module installed and
/// dnsmasq answering every test name with an address of its own, so the
/// sinkhole can only come from the module.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ResolverModuleUserNamespaceTests {
    static let sinkholes = "100::1 192.0.2.1 "

    /// The issue's must-show: `unshare -r getent ahosts` of a name under a
    /// blocked domain during a locked session answers the sinkhole; so do a
    /// name of a list above `hosts_only_above` and a DoH endpoint's
    /// subdomain, none of them in the hosts section; other names resolve.
    @Test func aLockedSessionHoldsInTheMembersOwnUserNamespaces() throws {
        if let reason = BuiltResolverModule.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        let sandbox = Sandbox(
            dns: [Sandbox.Record("example.org", "198.51.100.9")],
            dnsmasqOptions: [
                "--address=/reddit.com/198.51.100.7", "--address=/example/198.51.100.20",
                "--address=/dns.google/198.51.100.13",
            ],
            resolverModule: BuiltResolverModule.path)
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                # FLAG NAME: getent ahosts NAME as ann in a user namespace of hers (unshare FLAG).
                contained() {
                  local status=0 found
                  found=$(as_user ann unshare "$1" getent ahosts "$2" | awk '{ print $1 }' | sort -u | tr '\n' ' ') || status=$?
                  echo "unshare $1 $2: ${found}status $status"
                }
                install -d -o ann -g ann "$WORK/home-ann/.config/refocus/lists"
                # 1,000 domains with the five subdomains: 6,000 names, above hosts_only_above (5,000).
                seq -f 'site%.0f.example' 1 1000 > "$WORK/home-ann/.config/refocus/lists/big.domains"
                chown ann "$WORK/home-ann/.config/refocus/lists/big.domains"
                echo "uid ann: $(id -u ann)"
                contained -r old.reddit.com | sed 's/^/before: /'
                as_user ann "$B/refocus" start --list social --list big 25m --lock 2>&1 > /dev/null | sed 's/^/note: /'
                echo "owner inside: $(as_user ann unshare -r stat -c %u /run/refocus/names.idx)"
                echo "root inside is: $(as_user ann unshare -r cat /proc/self/uid_map | awk '$1 == 0 { print $2 }')"
                for flag in -r -U; do
                  for name in old.reddit.com site500.example any.site1000.example foo.dns.google example.org; do
                    contained "$flag" "$name"
                  done
                done
                echo "in the section: $(section | grep -c -E ' (old\.reddit\.com|site500\.example|any\.site1000\.example|foo\.dns\.google)$')"
                echo "stop: $(as_user ann "$B/refocus" stop > /dev/null 2>&1; echo $?)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("note: refocus: list big (1000 domains) is enforced through the resolver module only"),
            "\(run.stdout)")
        // Root's file as the member's namespace shows it, and whom it maps to root there: the premise of the test.
        let uid = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("uid ann: ") }?.dropFirst("uid ann: ".count))
        var facts = [
            "before: unshare -r old.reddit.com: 198.51.100.7 status 0", "owner inside: 65534",
            "root inside is: \(uid)", "in the section: 0", "stop: 77",
        ]
        for flag in ["-r", "-U"] {
            facts += ["old.reddit.com", "site500.example", "any.site1000.example", "foo.dns.google"].map {
                "unshare \(flag) \($0): \(Self.sinkholes)status 0"
            }
            facts.append("unshare \(flag) example.org: 198.51.100.9 status 0")
        }
        for fact in facts {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }
}
