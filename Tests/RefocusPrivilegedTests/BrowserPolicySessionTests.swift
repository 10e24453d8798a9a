import Foundation
import RefocusTestSupport
import Testing

/// The Chromium-family policy layer end to end, with Debian's Chromium,
/// headless, in a sandbox (/etc is an overlay there, so writing
/// /etc/chromium/policies/managed touches nothing of the machine).
@Suite(.serialized) struct BrowserPolicySessionTests {
    /// A local server answers for `video.test` and `other.test` (dnsmasq
    /// gives both 127.0.0.1). During a session blocking `video.test`,
    /// `refocus.json` holds the blocklist and `DnsOverHttpsMode: off`, and
    /// Chromium refuses the blocked name with ERR_BLOCKED_BY_ADMINISTRATOR:
    /// the policy refuses the navigation before any lookup, where
    /// /etc/hosts and the firewall would give ERR_CONNECTION_REFUSED, so
    /// that error names the layer. The other name loads. The daemon writes
    /// the file back when it is deleted or edited. After the session the
    /// file is gone and the folder, with an administrator's own file in it,
    /// is as it was.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
            "needs Debian's chromium (make test installs it)"))
    func chromiumRefusesABlockedHostByPolicy() throws {
        let sandbox = Sandbox(dns: [
            Sandbox.Record("video.test", "127.0.0.1"), Sandbox.Record("other.test", "127.0.0.1"),
        ])
        let run = try sandbox.run(
            MemberProbeSetUp.script + Sandbox.chromiumFunctions + #"""
                managed=/etc/chromium/policies/managed
                mkdir -p "$managed"; echo '{"BookmarkBarEnabled": true}' > "$managed/admin.json"
                listing() {
                  for f in $(ls -A "$managed"); do
                    echo -n "$f $(stat -c '%U:%G %a %s' "$managed/$f") $(sha256sum < "$managed/$f" | cut -c1-16); "
                  done
                }
                serve_site 127.0.0.1
                echo "folder before: $(listing)"
                echo "before: $(browse http://video.test:8081/)"
                as_user ann "$B/refocus" list add v video.test > /dev/null
                as_user ann "$B/refocus" start --list v 10m > /dev/null
                echo "file: $(stat -c '%U:%G %a' "$managed/refocus.json")"
                python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print("policy:", d["URLBlocklist"], d["DnsOverHttpsMode"])' \
                  "$managed/refocus.json"
                echo "blocked: $(browse http://video.test:8081/)"
                echo "subdomain: $(browse http://www.video.test:8081/)"
                echo "other: $(browse http://other.test:8081/)"
                as_user ann "$B/refocus" status | grep '^Enforced by'
                original=$(sha256sum < "$managed/refocus.json")
                back() {
                  for _ in $(seq 250); do
                    [ "$(sha256sum < "$managed/refocus.json" 2> /dev/null)" = "$original" ] && { echo "$1: back"; return; }
                    sleep 0.02
                  done
                  echo "$1: not back"
                }
                rm "$managed/refocus.json"; back deleted
                echo '{}' > "$managed/refocus.json"; back overwritten
                as_user ann "$B/refocus" stop > /dev/null
                echo "folder after: $(listing)"
                echo "after: $(browse http://video.test:8081/)"
                kill $server
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let before = lines.first { $0.hasPrefix("folder before: ") }.map { $0.dropFirst("folder before: ".count) }
        let after = lines.first { $0.hasPrefix("folder after: ") }.map { $0.dropFirst("folder after: ".count) }
        #expect(before != nil && before == after, "the folder as before: \(run.stdout)")
        #expect(before?.hasPrefix("admin.json root:root 644 ") == true, "\(run.stdout)")
        for fact in [
            "before: the local site", "file: root:root 644", "policy: ['video.test'] off",
            "blocked: ERR_BLOCKED_BY_ADMINISTRATOR", "subdomain: ERR_BLOCKED_BY_ADMINISTRATOR",
            "other: the local site", "deleted: back", "overwritten: back", "after: the local site",
        ] {
            #expect(lines.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(
            lines.contains {
                $0.hasPrefix("Enforced by: ") && $0.hasSuffix(", browser policies (Chromium)\(Sandbox.dohLayer).")
            },
            "\(run.stdout)")
    }

    /// The issue's must-show for path entries: `refocus list add clips
    /// youtube.test/shorts` and a session of it (a list of its own: the
    /// built-in `video` blocks youtube.com whole): headless Chromium cannot
    /// open `youtube.test/shorts/x` (ERR_BLOCKED_BY_ADMINISTRATOR) but opens
    /// `youtube.test/watch`, served locally; /etc/hosts does not block
    /// youtube.test for the path entry. The policy folder did not exist
    /// before the session, and does not after it.
    @Test(.enabled(if: Sandbox.hasChromium, "needs Debian's chromium (make test installs it)"))
    func aPathEntryBlocksThatPathOnly() throws {
        let sandbox = Sandbox(dns: [Sandbox.Record("youtube.test", "127.0.0.1")])
        let run = try sandbox.run(
            MemberProbeSetUp.script + Sandbox.chromiumFunctions + #"""
                rm -rf /etc/chromium/policies
                serve_site 127.0.0.1
                for page in shorts/x watch; do mkdir -p "$WORK/site/$page"; cp "$WORK/site/index.html" "$WORK/site/$page/"; done
                as_user ann "$B/refocus" list add clips youtube.test/shorts > /dev/null
                as_user ann "$B/refocus" start --list clips 25m > /dev/null
                echo "shorts: $(browse http://youtube.test:8081/shorts/x/)"
                echo "watch: $(browse http://youtube.test:8081/watch/)"
                echo "hosts lines: $(section | grep -c youtube)"
                python3 -c 'import json; print("policy:", json.load(open("/etc/chromium/policies/managed/refocus.json"))["URLBlocklist"])'
                as_user ann "$B/refocus" stop > /dev/null
                echo "after: $(browse http://youtube.test:8081/shorts/x/)"
                echo "policies folder after: $(ls -d /etc/chromium/policies 2>&1 | grep -c 'No such file')"
                kill $server
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "shorts: ERR_BLOCKED_BY_ADMINISTRATOR", "watch: the local site", "hosts lines: 0",
            "policy: ['youtube.test/shorts']", "after: the local site", "policies folder after: 1",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }

    /// `refocus-helper clear` takes the policy file away with the rest.
    @Test(.enabled(if: Sandbox.hasChromium, "needs Debian's chromium (make test installs it)"))
    func clearRemovesThePolicy() throws {
        let run = try Sandbox(network: false).run(
            MemberProbeSetUp.script + #"""
                as_user ann "$B/refocus" list add v video.test > /dev/null
                as_user ann "$B/refocus" start --list v 10m > /dev/null
                ls /etc/chromium/policies/managed | sed 's/^/during: /'
                status=0; "$B/refocus-helper" clear > /dev/null 2> "$WORK/err" || status=$?; echo "clear: $status $(head -c 200 "$WORK/err")"
                echo "after clear: $(ls /etc/chromium/policies/managed | wc -l)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("during: refocus.json\n") && run.stdout.contains("clear: 0 \n")
                && run.stdout.contains("after clear: 0\n"), "\(run.stdout)")
    }
}
