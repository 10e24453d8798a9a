import RefocusTestSupport
import Testing

/// A schedule the administrator left unlocked (`lock = false`), through the
/// real sudo and the daemon, in the initial network and PID namespaces where
/// the process connector works: ann's program dies in the window; her
/// `refocus stop`, with no session of her own, ends the window for her
/// alone, and her program runs; bob's stop cannot end it for her (he has
/// nothing to stop: 66), and a schedule locked again binds her whatever she
/// waived. Root's report shows when she waived it.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct AdministratorWaiverTests {
    @Test func anUnlockedWindowIsEndedByItsUserForThemAlone() throws {
        let run = try Sandbox(network: false, privatePIDs: false).run(
            AdministratorScheduleTests.setUp + #"""
                victim="rf-w$RANDOM$RANDOM"
                another_program /bin/sleep "$WORK/$victim"; chmod 755 "$WORK/$victim"
                printf '%s\n' "$victim" > /etc/refocus/lists/games.programs
                schedule() {
                  printf '[[schedule]]\nname = "evenings"\nusers = ["ann", "bob"]\nlists = ["games"]\nstart = "* * * * *"\nlength = "10m"\nlock = %s\n' \
                    "$1" > /etc/refocus/schedules.d/family.toml
                  "$B/refocus-helper" daemon --reload > /dev/null 2>&1 || true
                  "$B/refocus-helper" reconcile > /dev/null
                }
                runs() {
                  for user in ann bob; do
                    as_user $user "$WORK/$victim" 0.3 2> /dev/null && echo "$1 $user: ran" || echo "$1 $user: refused"
                  done
                  return 0
                }
                schedule false
                runs before
                # Bob ends the window for himself: it is his alone, and ann stays bound.
                as_user bob "$B/refocus" stop > /dev/null 2>&1 && echo "bob stop: 0" || echo "bob stop: $?"
                runs "bob's waiver"
                status=0; as_user ann "$B/refocus" stop > "$WORK/stop.out" 2>&1 || status=$?
                echo "ann stop: $status $(sed 's/until [0-9:]*/until HH:MM/' "$WORK/stop.out" | tr '\n' ' ')"
                runs waived
                echo "ann's status: $(as_user ann "$B/refocus" status | grep -ci 'set by the administrator' || true)"
                "$B/refocus-helper" report --since 1h | grep -c "waived by the user at" | sed 's/^/report waived: /'
                schedule true
                runs locked
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "before ann: refused", "before bob: refused",
            "ann stop: 0 Waived for you: evenings (games), set by the administrator until HH:MM; "
                + "it binds you again at its next window ",
            "bob stop: 0", "bob's waiver ann: refused", "bob's waiver bob: ran",
            "waived ann: ran", "waived bob: ran", "ann's status: 0", "report waived: 2",
            "locked ann: refused", "locked bob: refused",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }
}
