import RefocusTestSupport
import Testing

/// Root's `refocus-helper clear` returns only once table inet refocus is
/// gone, though the daemon it stops owns the table until its last moment
/// (the OWNER flag): ten sessions with an address, each cleared at once,
/// leave no table each time. And what clear has to say (here: a damaged
/// hosts section it removed after the daemon was killed) reaches root both
/// on stderr (a person, `make uninstall`) and in the answer's notes.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ClearTableTests {
    static let setUp = #"""
        start_request='{"version":1,"verb":"start","start":{"lists":[{"name":"focus","entries":["203.0.113.7","social.test"],"programs":[]}],"length":600,"locked":false,"notify":false}}'
        tables() { nft list tables | grep -c "^table inet $REFOCUS_TABLE\$" || true; }

        """#

    @Test func clearLeavesNoTableTenTimesInARow() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                for attempt in $(seq 10); do
                  printf '%s' "$start_request" | "$BIN/refocus-helper" start > /dev/null
                  daemon=$(tr -d '\n' < /run/refocus/daemon.lock)
                  echo "before clear $attempt: $(tables) table, daemon $(kill -0 "$daemon" && echo running)"
                  status=0
                  "$BIN/refocus-helper" clear > "$WORK/answer" 2> "$WORK/err" || status=$?
                  echo "after clear $attempt: status $status, $(tables) table, daemon $(kill -0 "$daemon" 2> /dev/null && echo running || echo gone)"
                  cat "$WORK/err"
                done
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for attempt in 1...10 {
            #expect(run.stdout.contains("before clear \(attempt): 1 table, daemon running\n"), "\(run.stdout)")
            #expect(run.stdout.contains("after clear \(attempt): status 0, 0 table, daemon gone\n"), "\(run.stdout)")
        }
        #expect(!run.stdout.contains("refocus-helper clear: "), "nothing to say when all went well: \(run.stdout)")
    }

    @Test func whatClearHasToSayReachesStderrAndTheAnswer() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                printf '%s' "$start_request" | "$BIN/refocus-helper" start > /dev/null
                # A killed daemon (its table stays, orphaned) and, with nobody to repair it, a section cut short.
                daemon=$(tr -d '\n' < /run/refocus/daemon.lock)
                kill -9 "$daemon"; while kill -0 "$daemon" 2> /dev/null; do sleep 0.01; done
                sed -i '/^# END refocus$/d' /etc/hosts
                echo "before clear: $(tables) table"
                status=0
                "$BIN/refocus-helper" clear > "$WORK/answer" 2> "$WORK/err" || status=$?
                echo "clear: $status, $(tables) table"
                sed 's/^/stderr: /' "$WORK/err"
                python3 -c 'import json, sys; [print("note:", n["text"]) for n in json.load(open(sys.argv[1]))["notes"]]' "$WORK/answer"
                echo "markers left: $(grep -c '^# BEGIN refocus$' /etc/hosts || true)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("before clear: 1 table\nclear: 0, 0 table\n"), "\(run.stdout)")
        #expect(run.stdout.contains("markers left: 0\n"), "\(run.stdout)")
        let stderr = run.stdout.split(separator: "\n").filter { $0.hasPrefix("stderr: refocus-helper clear: ") }
            .map { $0.dropFirst("stderr: refocus-helper clear: ".count) }
        let notes = run.stdout.split(separator: "\n").filter { $0.hasPrefix("note: ") }.map {
            $0.dropFirst("note: ".count)
        }
        #expect(!stderr.isEmpty && stderr.contains { $0.contains("/etc/hosts") }, "the salvage is said: \(run.stdout)")
        #expect(stderr == notes, "every note on stderr is in the answer and the other way round: \(run.stdout)")
    }
}
