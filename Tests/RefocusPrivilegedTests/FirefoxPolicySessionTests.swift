import Foundation
import RefocusTestSupport
import Testing

/// Firefox's policies.json end to end, through the real helper in a sandbox
/// (/etc is an overlay there). Firefox is not installed on the test
/// machine: each test mounts an overlay on /opt (which may hold the Swift
/// runtime) inside the sandbox's own mount namespace and puts an empty
/// `/opt/firefox/firefox` in it, the install probe the helper looks for.
/// Nothing of the machine's /opt is touched.
@Suite(.serialized) struct FirefoxPolicySessionTests {
    static let fakeFirefox = #"""
        mkdir -p "$WORK/opt-upper" "$WORK/opt-work"
        mount -t overlay overlay -o lowerdir=/opt,upperdir="$WORK/opt-upper",workdir="$WORK/opt-work" /opt
        mkdir -p /opt/firefox && : > /opt/firefox/firefox
        policies=/etc/firefox/policies/policies.json

        """#

    /// The issue's must-show: an administrator's policies.json with other
    /// keys holds ReFocus's WebsiteFilter and DNSOverHTTPS beside them
    /// during a session (the daemon merges it again when it is deleted), and
    /// is byte-identical after it.
    @Test func anAdministratorsFileIsByteIdenticalAfterASession() throws {
        let run = try Sandbox(network: false).run(
            MemberProbeSetUp.script + Self.fakeFirefox + #"""
                mkdir -p /etc/firefox/policies
                printf '{ "policies": {"DisableTelemetry": true,\n  "Homepage": {"URL": "http://intranet.test/"}},\n  "comment": "ours" }' > "$policies"
                chmod 0640 "$policies"
                before="$(stat -c '%U:%G %a %s' "$policies") $(sha256sum < "$policies")"
                as_user ann "$B/refocus" list add v video.test youtube.test/shorts > /dev/null
                as_user ann "$B/refocus" start --list v 10m > /dev/null
                python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); p = d["policies"]
                print("during:", p["DisableTelemetry"], p["Homepage"]["URL"], d["comment"], p["DNSOverHTTPS"], p["WebsiteFilter"]["Block"])' \
                  "$policies"
                as_user ann "$B/refocus" status | grep '^Enforced by'
                merged=$(sha256sum < "$policies")
                rm "$policies"
                for _ in $(seq 250); do [ "$(sha256sum < "$policies" 2> /dev/null)" = "$merged" ] && break; sleep 0.02; done
                [ "$(sha256sum < "$policies" 2> /dev/null)" = "$merged" ] && echo "deleted: back" || echo "deleted: not back"
                as_user ann "$B/refocus" stop > /dev/null
                after="$(stat -c '%U:%G %a %s' "$policies") $(sha256sum < "$policies")"
                [ "$before" = "$after" ] && echo "after: identical" || echo "after: $before / $after"
                echo "saved: $(ls -A /var/lib/refocus/firefox 2> /dev/null | wc -l)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "during: True http://intranet.test/ ours {'Enabled': False, 'Locked': True} "
                + "['*://*.video.test/*', '*://*.youtube.test/shorts*']",
            "deleted: back", "after: identical", "saved: 0",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        let layer =
            (Sandbox.hasChromium ? "browser policies (Chromium, Firefox)" : "browser policies (Firefox)")
            + Sandbox.dohLayer + "."
        #expect(
            run.stdout.split(separator: "\n").contains {
                $0.hasPrefix("Enforced by: ") && $0.hasSuffix(layer)
            }, "\(run.stdout)")
    }

    /// No administrator's file: ours during the session, none and no
    /// /etc/firefox after it; `refocus-helper clear` restores too.
    @Test func withoutAnAdministratorsFileNothingIsLeft() throws {
        let run = try Sandbox(network: false).run(
            MemberProbeSetUp.script + Self.fakeFirefox + #"""
                rm -rf /etc/firefox
                as_user ann "$B/refocus" list add v video.test > /dev/null
                as_user ann "$B/refocus" start --list v 10m > /dev/null
                echo "during: $(stat -c '%U:%G %a' "$policies") $(grep -c 'video.test' "$policies")"
                "$B/refocus-helper" clear > /dev/null
                echo "after clear: $(ls -d /etc/firefox 2>&1 | grep -c 'No such file')"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("during: root:root 644 1\n") && run.stdout.contains("after clear: 1\n"), "\(run.stdout)"
        )
    }

    /// `browser_doh = "off"`: with no session at all, a reconcile leaves
    /// DoH off in Chromium's refocus.json (and nothing else in it) and in
    /// Firefox's policies.json. `"leave"` (a sandbox of its own: the daemon
    /// reads the policy as it starts): a session's files carry no DoH key.
    @Test func browserDohOffHoldsWithoutASessionAndLeaveWritesNoKey() throws {
        let off = try Sandbox(network: false).run(
            MemberProbeSetUp.script + Self.fakeFirefox + #"""
                # The sandbox's own policy may name its own table: add to it.
                echo 'browser_doh = "off"' >> /etc/refocus/policy.toml
                "$B/refocus-helper" reconcile > /dev/null
                echo "off chromium: $(tr -d ' \n' < /etc/chromium/policies/managed/refocus.json)"
                echo "off firefox: $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])))' "$policies")"
                """#)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(
            off.stdout.contains("off firefox: {'policies': {'DNSOverHTTPS': {'Enabled': False, 'Locked': True}}}\n"),
            "\(off.stdout)")
        if Sandbox.hasChromium {
            #expect(
                off.stdout.contains("off chromium: {\"DnsOverHttpsMode\":\"off\",\"URLBlocklist\":[]}\n"),
                "\(off.stdout)")
        }
        let leave = try Sandbox(network: false).run(
            MemberProbeSetUp.script + Self.fakeFirefox + #"""
                echo 'browser_doh = "leave"' >> /etc/refocus/policy.toml
                "$B/refocus-helper" reconcile > /dev/null
                echo "leave idle: $(ls -d /etc/firefox 2>&1 | grep -c 'No such file')"
                as_user ann "$B/refocus" list add v video.test > /dev/null
                as_user ann "$B/refocus" start --list v 10m > /dev/null
                echo "leave firefox: $(grep -c DNSOverHTTPS "$policies") $(grep -c video.test "$policies")"
                [ -e /etc/chromium/policies/managed/refocus.json ] \
                  && echo "leave chromium: $(grep -c DnsOverHttpsMode /etc/chromium/policies/managed/refocus.json)"
                as_user ann "$B/refocus" stop > /dev/null
                """#)
        #expect(leave.status == 0, "\(leave.stderr)")
        for fact in ["leave idle: 1", "leave firefox: 0 1"] + (Sandbox.hasChromium ? ["leave chromium: 0"] : []) {
            #expect(leave.stdout.contains(fact + "\n"), "\(fact): \(leave.stdout)")
        }
    }
}
