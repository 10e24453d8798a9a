import RefocusTestSupport
import Testing

/// The emergency exit's notifications through the real notify-send on the
/// owner's session bus (`NotificationTests.setUp`): when it is asked for,
/// with the time the session ends, and when it applies, as the session's end.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct EmergencyNotificationTests {
    @Test func theExitIsToldWhenAskedAndWhenItEndsTheSession() throws {
        let run = try Sandbox(network: true).run(
            NotificationTests.setUp + #"""
                printf 'emergency_delay = "3s"\n' >> /etc/refocus/policy.toml
                printf '{"version":1,"verb":"start","start":{"lists":[{"name":"focus","entries":["social.test"],"programs":[]}],"length":600,"locked":true}}' \
                  | as_user ann sudo -n "$B/refocus-helper" start > /dev/null
                printf '{"version":1,"verb":"stop","stop":{"emergency":"the doctor called"}}' \
                  | as_user ann sudo -n "$B/refocus-helper" stop > "$WORK/answer"
                echo "ends at $(python3 -c 'import json, sys, datetime; p = json.load(open(sys.argv[1]))["sessions"][0]["pending"]; print(datetime.datetime.fromisoformat(p["effectiveAt"].replace("Z", "+00:00")).astimezone().strftime("%H:%M"))' "$WORK/answer")"
                sleep 5
                cat "$WORK/notices"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let endsAt = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("ends at ") }?.dropFirst(8))
        #expect(
            run.stdout.contains(
                "Emergency exit | 'focus' ends at \(endsAt); it blocks until then. 'refocus stop --cancel' withdraws it.\n"
            ), "\(run.stdout)")
        #expect(
            run.stdout.contains("Focus session ended | focus: 10m, ended by its emergency exit after "), "\(run.stdout)"
        )
    }
}
