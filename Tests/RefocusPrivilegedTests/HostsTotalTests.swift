import Foundation
import RefocusTestSupport
import Testing

/// Finding 3 of issue 28, as a member tried it through the real sudo: 60
/// lists of 833 domains each (49,980 domains, under the per-user cap, and
/// each list under `hosts_only_above` with its five subdomains) all went to
/// /etc/hosts, 39.6 MB that every lookup on the machine read. The section
/// now holds at most `max_hosts_names_per_machine` names for every session
/// together, shared between owners (`HostsAllotment`): with the resolver
/// module the rest goes to its index, and another member's small list still
/// gets into the section; without the module such a start is refused naming
/// the key.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct HostsTotalTests {
    /// `lists`: 60 list files of 833 domains each in ann's home, and
    /// `flood_args`, the `--list` arguments that start them all.
    static let lists = #"""
        install -d -o ann -g ann "$WORK/home-ann/.config/refocus/lists"
        python3 - "$WORK/home-ann/.config/refocus/lists" <<'PY'
        import sys
        for list in range(60):
            with open("%s/flood%02d.domains" % (sys.argv[1], list), "w") as f:
                f.write("".join("d%d.flood%02d.example\n" % (i, list) for i in range(833)))
        PY
        chown ann "$WORK/home-ann/.config/refocus/lists/"*
        flood_args=$(for list in $(seq -w 0 59); do printf -- '--list flood%s ' "$list"; done)

        """#

    @Test func sixtyListsLeaveTheSectionWithinTheTotalAndEveryoneElsesListInIt() throws {
        if let reason = BuiltResolverModule.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        let sandbox = Sandbox(
            dns: [Sandbox.Record("unrelated.test", "198.51.100.9")],
            dnsmasqOptions: ["--address=/example/198.51.100.20", "--address=/mine.test/198.51.100.21"],
            resolverModule: BuiltResolverModule.path)
        let run = try sandbox.run(
            MemberProbeSetUp.script + ResolverModuleSetUp.functions + Self.lists + #"""
                as_user bob "$B/refocus" list add mine mine.test > /dev/null
                as_user bob "$B/refocus" start --list mine 25m > /dev/null
                echo "bob: $?"
                status=0; as_user ann "$B/refocus" start $flood_args 25m > /dev/null 2> "$WORK/notes" || status=$?
                echo "ann: $status"
                grep -c 'enforced through the resolver module only' "$WORK/notes" | sed 's/^/index-only notes: /'
                grep -m1 'max_hosts_names_per_machine = 1000' "$WORK/notes" | sed 's/^/note: /'
                echo "section names: $(( $(section | grep -vc '^#') / 2 ))"
                echo "section bytes: $(section | wc -c)"
                echo "mine in the section: $(section | grep -c ' mine\.test$')"
                resolve hosts unrelated.test
                resolve hosts d1.flood59.example
                resolve hosts deep.d832.flood30.example
                resolve hosts mine.test
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "bob: 0", "ann: 0", "mine in the section: 2", "hosts unrelated.test: 198.51.100.9 status 0",
            "hosts d1.flood59.example: 100::1 status 0", "hosts deep.d832.flood30.example: 100::1 status 0",
            "hosts mine.test: 100::1 status 0",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        let names = run.number(after: "section names: ", onLineStarting: "section names:")
        #expect(names.map { $0 <= 1_000 } == true, "within max_hosts_names_per_machine: \(run.stdout)")
        let notes = run.number(after: "index-only notes: ", onLineStarting: "index-only notes:")
        #expect(notes.map { $0 >= 59 } == true, "the lists left out say so: \(run.stdout)")
        #expect(run.stdout.contains("note: refocus: list flood"), "the note names the key: \(run.stdout)")
    }

    @Test func withoutTheResolverModuleTheStartIsRefusedNamingTheKey() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + Self.lists + #"""
                cp /etc/hosts "$WORK/hosts.before"
                status=0; as_user ann "$B/refocus" start $flood_args 25m > /dev/null 2> "$WORK/err" || status=$?
                echo "ann: $status $(cat "$WORK/err")"
                cmp -s /etc/hosts "$WORK/hosts.before" && echo "hosts unchanged"
                head -166 "$WORK/home-ann/.config/refocus/lists/flood07.domains" > "$WORK/home-ann/.config/refocus/lists/small.domains"
                chown ann "$WORK/home-ann/.config/refocus/lists/small.domains"
                as_user ann "$B/refocus" start --list small 25m > /dev/null
                echo "a small list: $? $(( $(section | grep -vc '^#') / 2 )) names"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "ann: 77 refocus: the /etc/hosts section would hold 299880 names (domains with their subdomains) "
                + "for every session together, more than the administrator's policy allows "
                + "(max_hosts_names_per_machine = 1000 in /etc/refocus/policy.toml); the resolver module, which "
                + "would take the rest, is not in force: the administrator can add it ('refocus-helper nsswitch "
                + "add') or raise max_hosts_names_per_machine; or block fewer names\n",
            "hosts unchanged\n", "a small list: 0 996 names\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }
}
