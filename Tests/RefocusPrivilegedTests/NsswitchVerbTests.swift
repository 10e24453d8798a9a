import Foundation
import RefocusTestSupport
import Testing

/// `refocus-helper nsswitch` on the sandbox's own /etc/nsswitch.conf (in
/// its overlay): root adds and removes the resolver module byte for byte,
/// glibc then tries the module for hosts lookups, a member of the group
/// can neither add nor remove it through the real sudo (only check), and a
/// bind-mounted file is rewritten in place.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct NsswitchVerbTests {
    /// `tries_module`: how many times glibc looked for libnss_refocus.so.2 in one hosts lookup.
    static let setUp = #"""
        cp /etc/nsswitch.conf "$WORK/nsswitch.before"
        tries_module() { LD_DEBUG=libs getent hosts nowhere.invalid 2>&1 | grep -c 'libnss_refocus.so.2' || true; }
        field() { python3 -c 'import json, sys; print(json.load(sys.stdin)["resolverModule"][sys.argv[1]])' "$1"; }

        """#

    @Test func aMemberCannotAddOrRemoveTheModuleThroughSudo() throws {
        let run = try Sandbox(network: false).run(
            MemberProbeSetUp.script + Self.setUp + #"""
                echo "before: $(tries_module)"
                "$B/refocus-helper" nsswitch add > "$WORK/add.json"
                echo "named: $(field named < "$WORK/add.json"), first: $(field beforeResolvers < "$WORK/add.json")"
                echo "after add: $(tries_module)"
                cp /etc/nsswitch.conf "$WORK/nsswitch.added"
                for action in remove add; do
                  status=0
                  as_user ann sudo -n "$B/refocus-helper" nsswitch "$action" > "$WORK/out" 2> "$WORK/err" || status=$?
                  echo "ann $action: $status"
                  python3 -c 'import json, sys; a = json.load(sys.stdin); print("answer:", a["ok"], a["error"]["code"])' < "$WORK/out"
                  cat "$WORK/err"
                  cmp /etc/nsswitch.conf "$WORK/nsswitch.added" && echo "unchanged after ann's $action"
                done
                status=0
                as_user ann sudo -n "$B/refocus-helper" nsswitch check > "$WORK/out" || status=$?
                echo "ann check: $status, named: $(field named < "$WORK/out")"
                "$B/refocus-helper" nsswitch remove > /dev/null
                cmp /etc/nsswitch.conf "$WORK/nsswitch.before" && echo "identical after remove"
                echo "after remove: $(tries_module)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "before: 0\n", "named: True, first: True\n", "ann remove: 77\nanswer: False not-permitted\n",
            "refocus-helper nsswitch remove: only root itself may remove the resolver module in /etc/nsswitch.conf, "
                + "not a user through sudo\nunchanged after ann's remove\n",
            "ann add: 77\nanswer: False not-permitted\n", "unchanged after ann's add\n",
            "ann check: 0, named: True\n", "identical after remove\n", "after remove: 0\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        let tries = SudoPathTests.value("after add", in: run.stdout).flatMap { Int($0) } ?? 0
        #expect(tries > 0, "glibc looks for the module once the hosts line names it: \(run.stdout)")
    }

    @Test func aBindMountedFileIsRewrittenInPlaceAndGivenBack() throws {
        let run = try Sandbox(network: false).run(
            "B=\"$BIN\"\n" + Self.setUp + #"""
                cp /etc/nsswitch.conf "$WORK/nsswitch.file"
                mount --bind "$WORK/nsswitch.file" /etc/nsswitch.conf
                "$B/refocus-helper" nsswitch add > /dev/null
                grep -c '^hosts:.* refocus dns' "$WORK/nsswitch.file" || grep -c '^hosts: files refocus dns$' "$WORK/nsswitch.file"
                echo "tries: $(tries_module)"
                ls /var/lib/refocus
                "$B/refocus-helper" nsswitch remove > /dev/null
                cmp "$WORK/nsswitch.file" "$WORK/nsswitch.before" && echo "identical"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("1\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("tries: 0\n"), "\(run.stdout)")
        #expect(
            !run.stdout.contains("nsswitch.journal"), "the journal is removed once the write is done: \(run.stdout)")
        #expect(run.stdout.contains("identical"), "\(run.stdout)")
    }
}
