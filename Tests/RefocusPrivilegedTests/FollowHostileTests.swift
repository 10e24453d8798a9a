import Foundation
import RefocusTestSupport
import Testing

/// The shared folder is not a way in (issue 32): what someone else writing
/// to `ann`'s sync folder can leave under `sessions/` (a 1 MiB file,
/// malformed JSON, a depth bomb, a start of the list `../social`, a start
/// whose end has passed, a start owned by `bob`, links to /etc/shadow and to
/// a valid intent outside the folder, a FIFO, a start of a list ann does
/// not have, a start ending in the year 9999, a stop of ann's locked
/// session) is refused or ignored with its reason, reported, and recorded
/// in follow.json, through the real sudo and helper; no session starts from
/// it and the locked one stays. `refocus sync` neither crashes nor hangs
/// and exits 65; `refocus sync --watch` keeps running through them and
/// applies a good intent arriving after them within 2 s.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct FollowHostileTests {
    /// `intent.py PATH MACHINE ID [KEY=JSON|KEY=@MINUTES|KEY=]…`: writes an intent (a start of `social`
    /// ending in 25 minutes unless told otherwise) through a hidden temporary, as a sync engine would;
    /// `@MINUTES` is a time that many minutes from now, an empty value leaves the field out.
    static let intentWriter = #"""
        import datetime, json, os, sys
        path, machine, ident = sys.argv[1:4]
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        def at(minutes): return (now + datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")
        fields = {"version": 1, "id": ident, "machine": machine, "action": "start", "lists": ["social"],
                  "end": at(25), "createdAt": at(0)}
        padding = 0
        for argument in sys.argv[4:]:
            key, value = argument.split("=", 1)
            if key == "pad": padding = int(value)
            elif value == "": fields.pop(key, None)
            elif value.startswith("@"): fields[key] = at(float(value[1:]))
            else: fields[key] = json.loads(value)
        text = json.dumps(fields)
        text += " " * max(0, padding - len(text) - 1) + "\n"
        folder, name = os.path.split(path)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "." + name + ".tmp"), "w") as file: file.write(text)
        os.rename(os.path.join(folder, "." + name + ".tmp"), path)
        """#

    /// The ids of the intents below: one hexadecimal digit repeated.
    static func id(_ digit: Character) -> String { String(repeating: digit, count: 32) }

    /// The set-up: ann with the list `social`, syncing through `$SHARED` as machine `desk`; `intent`,
    /// `refocus_ann`, `plant` (every hostile file, under `sessions/evil` and `sessions/other`; its starts end in two
    /// hours, so that one applied would show as a session of its own) and
    /// `outcomes` (follow.json's outcomes, one `KEY KIND REASON` line each).
    static let setUp =
        MemberProbeSetUp.script + #"""
            SHARED="$WORK/home-ann/shared"
            install -d -o ann -g ann -m 755 "$SHARED"
            refocus_ann() { as_user ann setsid --wait "$B/refocus" "$@" < /dev/null; }
            intent() { as_user ann python3 "$WORK/intent.py" "$@"; }
            refocus_ann list add social social.test > /dev/null
            refocus_ann sync init --dir "$SHARED" --machine desk > /dev/null
            S="$SHARED/sessions"
            hex() { printf "%032d" 0 | tr 0 "$1"; }
            plant() {
              intent "$S/evil/$(hex 1).json" evil "$(hex 1)" end=@120 pad=1048576
              as_user ann sh -c "printf '{\"version\":1,\"id\":' > '$S/evil/$(hex 2).json'"
              as_user ann python3 -c 'import sys; open(sys.argv[1], "w").write("{\"version\":1,\"label\":" + "[" * 5000 + "]" * 5000 + "}")' "$S/evil/$(hex 3).json"
              intent "$S/evil/$(hex 4).json" evil "$(hex 4)" end=@120 'lists=["../social"]'
              intent "$S/other/$(hex 5).json" other "$(hex 5)" end=@-5 createdAt=@-30
              intent "$WORK/home-ann/bob-start.json" other "$(hex 6)" end=@120
              chown bob: "$WORK/home-ann/bob-start.json"
              mv "$WORK/home-ann/bob-start.json" "$S/other/$(hex 6).json"
              as_user ann ln -s /etc/shadow "$S/evil/$(hex 7).json"
              intent "$WORK/home-ann/planted/$(hex 8).json" evil "$(hex 8)" end=@120
              as_user ann ln -s "$WORK/home-ann/planted/$(hex 8).json" "$S/evil/$(hex 8).json"
              as_user ann mkfifo "$S/evil/$(hex 9).json"
              intent "$S/other/$(hex a).json" other "$(hex a)" 'lists=["no-such-list"]'
              intent "$S/other/$(hex e).json" other "$(hex e)" 'end="9999-12-31T23:59:59Z"'
            }
            outcomes() {
              python3 -c 'import json, sys; [print(k, o["kind"], o.get("reason", "")) for k, o in sorted(json.load(open(sys.argv[1]))["outcomes"].items())]' "$WORK/home-ann/.local/state/refocus/sync/follow.json"
            }
            sessions() { refocus_ann status --json | python3 -c 'import json, sys; [print("session:", s["id"], s["plannedEnd"]) for s in json.load(sys.stdin)["sessions"]]'; }

            """#

    /// What `plant` leaves, and the words each must be refused (or ignored) with, in follow.json.
    static let expected: [(key: String, kind: String, reason: String)] = [
        ("sessions/evil/\(id("1")).json", "refused", "too large (1048576 bytes)"),
        ("sessions/evil/\(id("2")).json", "refused", "not JSON"),
        ("sessions/evil/\(id("3")).json", "refused", "not JSON"),
        ("sessions/evil/\(id("4")).json", "refused", "'../social' is not a list name"),
        (id("5"), "ignored", "had passed when it arrived"),
        ("sessions/other/\(id("6")).json", "refused", "owned by another user"),
        ("sessions/evil/\(id("7")).json", "refused", "not a plain file"),
        ("sessions/evil/\(id("8")).json", "refused", "not a plain file"),
        ("sessions/evil/\(id("9")).json", "refused", "not a plain file"),
        (id("a"), "refused", "no-such-list"),
        (id("e"), "refused", "is longer than the maximum session of 24h"),
    ]

    static func sandbox() -> Sandbox {
        Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])
    }

    @Test func hostileIntentsAreRefusedReportedAndRecordedAndChangeNothing() throws {
        let run = try Self.sandbox().run(
            Self.setUp + #"""
                intent "$S/other/$(hex c).json" other "$(hex c)" locked=true
                status=0; refocus_ann sync > "$WORK/first.out" 2>&1 || status=$?
                echo "first sync: $status"
                section > "$WORK/section.before"
                sessions
                plant
                intent "$S/other/$(hex b).json" other "$(hex b)" action='"stop"' target="\"$(hex c)\"" lists= end=
                status=0
                as_user ann setsid --wait timeout 60 "$B/refocus" sync < /dev/null > "$WORK/sync.out" 2> "$WORK/sync.err" || status=$?
                echo "hostile sync: $status"
                sed 's/^/out: /' "$WORK/sync.out"; sed 's/^/err: /' "$WORK/sync.err"
                sessions
                section > "$WORK/section.after"
                cmp -s "$WORK/section.before" "$WORK/section.after" && echo "section unchanged"
                blocked social.test
                outcomes | sed 's/^/outcome: /'
                """#, files: ["intent.py": Array(Self.intentWriter.utf8)])
        #expect(run.status == 0, "\(run.stderr)\n\(run.stdout)")
        #expect(run.stdout.contains("first sync: 0\n"), "\(run.stdout)")
        #expect(run.stdout.contains("hostile sync: 65\n"), "some refused, nothing crashed or hung: \(run.stdout)")
        let sessions = run.stdout.split(separator: "\n").filter { $0.hasPrefix("session: ") }
        #expect(
            sessions.count == 2 && sessions[0] == sessions[1], "only the locked session, before and after: \(sessions)")
        #expect(run.stdout.contains("section unchanged\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("social.test: 100::1 192.0.2.1 \n"), "the locked session still blocks: \(run.stdout)")
        let outcomes = Self.outcomes(in: run.stdout)
        let said = run.stdout.split(separator: "\n").filter { $0.hasPrefix("out: ") || $0.hasPrefix("err: ") }
            .joined(separator: "\n")
        for (key, kind, reason) in Self.expected {
            let outcome = outcomes[key]
            #expect(
                outcome?.kind == kind && outcome?.reason.contains(reason) == true,
                "\(key): \(String(describing: outcome))")
            let shown = key.hasPrefix("sessions/") ? key : "\(kind): start from"
            #expect(
                said.split(separator: "\n").contains { $0.contains(shown) && $0.contains(reason) },
                "\(key) not reported as \(kind) (\(reason)):\n\(said)")
        }
        #expect(outcomes[Self.id("c")]?.kind == "applied", "\(outcomes)")
        #expect(!said.contains("applied"), "the hostile sync applied something: \(said)")
        let stop = outcomes[Self.id("b")]
        #expect(
            stop?.kind == "refused" && stop?.reason.lowercased().contains("lock") == true, "\(String(describing: stop))"
        )
        #expect(said.contains("refused: stop from other"), "\(said)")
    }

    @Test func theWatchKeepsRunningThroughThemAndAppliesAGoodIntentAfterThem() throws {
        let run = try Self.sandbox().run(
            Self.setUp + #"""
                "$WORK/as-user" ann setsid "$B/refocus" sync --watch < /dev/null > "$WORK/watch.log" 2>&1 &
                watcher=$!
                for _ in $(seq 100); do grep -q Following "$WORK/watch.log" && break; sleep 0.05; done
                plant
                sleep 1
                echo "watching after the hostile files: $(cat /proc/$watcher/comm 2> /dev/null || echo gone)"
                enforced() { getent hosts social.test | grep -q '^100::1\|^192.0.2.1'; }
                enforced && echo "enforced before the good intent"
                date +%s.%N > "$WORK/sent"
                intent "$S/laptop/$(hex d).json" laptop "$(hex d)"
                for _ in $(seq 200); do enforced && break; sleep 0.02; done
                date +%s.%N > "$WORK/seen"
                python3 -c 'import sys; print("latency:", float(open(sys.argv[2]).read()) - float(open(sys.argv[1]).read()))' "$WORK/sent" "$WORK/seen"
                sessions
                echo "watching at the end: $(cat /proc/$watcher/comm 2> /dev/null || echo gone)"
                kill "$watcher"; sleep 0.5; kill -9 "$watcher" 2> /dev/null || true; wait "$watcher" || true
                sed 's/^/watch: /' "$WORK/watch.log"
                outcomes | sed 's/^/outcome: /'
                """#, files: ["intent.py": Array(Self.intentWriter.utf8)])
        #expect(run.status == 0, "\(run.stderr)\n\(run.stdout)")
        #expect(run.stdout.contains("watching after the hostile files: refocus\n"), "\(run.stdout)")
        #expect(run.stdout.contains("watching at the end: refocus\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("enforced before the good intent"), "a hostile start was applied: \(run.stdout)")
        let latency = try #require(FollowSessionTests.number("latency", in: run.stdout), "\(run.stdout)")
        #expect(latency < 2, "the good intent enforced \(latency) s after it landed: \(run.stdout)")
        let sessions = run.stdout.split(separator: "\n").filter { $0.hasPrefix("session: ") }
        #expect(sessions.count == 1, "only the good intent's session: \(run.stdout)")
        let outcomes = Self.outcomes(in: run.stdout)
        for (key, kind, reason) in Self.expected {
            let outcome = outcomes[key]
            #expect(
                outcome?.kind == kind && outcome?.reason.contains(reason) == true,
                "\(key): \(String(describing: outcome))")
        }
        #expect(outcomes[Self.id("d")]?.kind == "applied", "\(outcomes)")
        let log = run.stdout.split(separator: "\n").filter { $0.hasPrefix("watch: ") }.joined(separator: "\n")
        #expect(log.contains("refused sessions/evil/\(Self.id("9")).json"), "the watch reported the FIFO: \(log)")
    }

    /// follow.json's outcomes as `outcome: KEY KIND REASON` lines print them.
    static func outcomes(in text: String) -> [String: (kind: String, reason: String)] {
        var found: [String: (kind: String, reason: String)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("outcome: ") {
            let fields = line.dropFirst("outcome: ".count).split(
                separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            found[String(fields[0])] = (String(fields[1]), fields.count > 2 ? String(fields[2]) : "")
        }
        return found
    }
}
