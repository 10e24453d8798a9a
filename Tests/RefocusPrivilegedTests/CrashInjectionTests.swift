import Foundation
import RefocusTestSupport
import Testing

/// Crash injection: `refocus-crash-inject` SIGKILLs the writers of the files
/// ReFocus shares with others at random instants, inside a sandbox (its own
/// overlay on /etc, tmpfs on /var/lib/refocus and on the crontab spool):
/// /etc/hosts as a file and as a bind mount (journaled, in place), an
/// administrator's Firefox policies.json, and a user's crontab (what the real
/// `refocus schedule add` made of it, installed again by the CLI's own
/// writer, as the user, through crontab(1)). The writers are ReFocus's own
/// code, run in forks of the harness as the helper and the daemon run them.
/// After every kill the file is
/// the old one or the new one, bytes, mode and owner, never a mix (so no byte
/// outside our part changed), and the next run converges and leaves no
/// temporary file or journal. 1,000 kills each;
/// `REFOCUS_CRASH_ITERATIONS=10000 swift test --skip-build --filter CrashInjectionTests` for more.
/// One test at a time: four loops of forks and kills at once starved the timing tests running beside them.
@Suite(.serialized, .enabled(if: Sandbox.unavailableReason == nil, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct CrashInjectionTests {
    static let iterations = ProcessInfo.processInfo.environment["REFOCUS_CRASH_ITERATIONS"].flatMap(Int.init) ?? 1_000

    /// A tmpfs at $FAST, and /etc as an overlay whose changes land there: what is tested is a
    /// process killed mid-write, not the disk's flush, and fsync on the disk would make 1,000
    /// kills take minutes.
    static let onTmpfs = #"""
        FAST="$WORK/fast"
        mkdir -p "$FAST" && mount -t tmpfs -o mode=0755 tmpfs "$FAST"
        mkdir -p "$FAST/upper" "$FAST/work"
        mount -t overlay overlay -o lowerdir=/etc,upperdir="$FAST/upper",workdir="$FAST/work" /etc

        """#

    /// The harness's summary: `hosts: 1000 kills (…): old 480, new 512, mixed 0; leftovers 37, …`.
    struct Summary {
        let old, new, leftovers, recovered: Int

        init(_ output: String, _ name: String) throws {
            let line = try #require(
                output.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map(String.init), "\(output)")
            func count(_ label: String) throws -> Int {
                let range = try #require(line.range(of: label + " "), "\(label): \(line)")
                return try #require(Int(line[range.upperBound...].prefix { $0.isNumber }), "\(label): \(line)")
            }
            (old, new, leftovers, recovered) = (
                try count("old"), try count("new"), try count("leftovers"), try count("recovered")
            )
            print(line)  // In the test log: the counts, the seed and the time.
            #expect(
                line.contains("mixed 0;") && line.contains("converged \(CrashInjectionTests.iterations);"), "\(line)")
        }
    }

    @Test func aKilledHostsRewriteLeavesTheOldOrTheNewFile() throws {
        let run = try Sandbox(network: false).run(
            Self.onTmpfs + #"""
                "$BIN/refocus-crash-inject" hosts \#(Self.iterations)
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try Summary(run.stdout, "hosts")
        // Kills landed before, inside (a temporary file left) and after the rename.
        #expect(summary.old > 0 && summary.new > 0 && summary.leftovers > 0, "\(run.stdout)")
    }

    @Test func aKilledInPlaceRewriteOfABindMountedHostsFileIsCompletedFromItsJournal() throws {
        let run = try Sandbox(network: false).run(
            Self.onTmpfs + #"""
                cp /etc/hosts "$FAST/hosts"
                mount --bind "$FAST/hosts" /etc/hosts
                "$BIN/refocus-crash-inject" hosts-bind \#(Self.iterations)
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try Summary(run.stdout, "hosts-bind")
        // Some kills fell between the journal and its removal: replayed before the file was checked.
        #expect(summary.old > 0 && summary.new > 0 && summary.recovered > 0, "\(run.stdout)")
    }

    @Test func aKilledFirefoxPolicyWriteLeavesTheAdministratorsFileOrOursAndRestoresTheirs() throws {
        let run = try Sandbox(network: false).run(
            Self.onTmpfs + #"""
                "$BIN/refocus-crash-inject" firefox "$FAST/root" \#(Self.iterations)
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try Summary(run.stdout, "firefox")
        #expect(summary.old > 0 && summary.new > 0 && summary.leftovers > 0, "\(run.stdout)")
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/crontab"),
            "needs crontab (apt-get install cron; make test installs it)"))
    func aKilledScheduleAddLeavesTheOldOrTheNewCrontab() throws {
        let iterations = Self.iterations
        let run = try Sandbox().run(
            ScheduleSetUp.script + #"""
                add_user ann
                printf '# ann'"'"'s own line\nMAILTO=""\n0 5 * * * /bin/true\n' | as_user ann crontab -
                "$BIN/refocus-crash-inject" crontab /var/spool/cron/crontabs/ann \#(iterations) -- \
                  "$WORK/as-user" ann "$B/refocus" -q schedule add "30 8 * * mon-fri" --list social 3h
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("crontab: ") }, "\(run.stdout)")
        print(line)
        #expect(line.contains("mixed 0;") && line.contains("converged \(iterations);"), "\(line)")
        #expect(
            !line.contains("old 0,") && !line.contains("new 0,"), "kills fell before and after the install: \(line)")
    }
}
