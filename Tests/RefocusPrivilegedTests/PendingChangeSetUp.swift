/// Shell functions for the pending-change probes, on top of
/// `MemberProbeSetUp` (`ann`, `bob`, the real sudo): `ask USER VERB
/// PAYLOAD` sends one request to the helper by hand, as the CLI would,
/// printing its exit status and keeping its answer in `$WORK/answer`;
/// `said` prints the answer's error message, `pending` each session's id
/// and pending change from the answer, `left_to_wait` the seconds to the
/// first session's pending change; `social SECONDS LOCKED [DELAY]` a start
/// payload for the list `social` (`social.test`); `resolves` the first IPv4
/// address `getent` gives `social.test` and whether a TCP connection to its
/// real address, 192.0.2.2, is refused.
enum PendingChangeSetUp {
    static let script =
        MemberProbeSetUp.script + #"""
            mkdir -p /etc/refocus
            ask() {
              local status=0
              printf '{"version":1,"verb":"%s","%s":%s}' "$2" "$2" "$3" \
                | as_user "$1" sudo -n "$B/refocus-helper" "$2" > "$WORK/answer" 2> "$WORK/err" || status=$?
              echo "$status"
            }
            said() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("error", {}).get("message", ""))' "$WORK/answer"; }
            pending() {
              python3 -c 'import json, sys; [print(s["id"], s.get("pending", {}).get("kind"), s.get("outcome"), s.get("reason")) for s in json.load(open(sys.argv[1])).get("sessions", [])]' "$WORK/answer"
            }
            left_to_wait() {
              python3 -c 'import json, sys, datetime, time; p = json.load(open(sys.argv[1]))["sessions"][0]["pending"]; print(round(datetime.datetime.fromisoformat(p["effectiveAt"].replace("Z", "+00:00")).timestamp() - time.time(), 2))' "$WORK/answer"
            }
            social() { printf '{"lists":[{"name":"social","entries":["social.test"],"programs":[]}],"length":%s,"locked":%s%s}' "$1" "$2" "${3:+,\"delay\":$3}"; }
            resolves() { echo "$(getent ahostsv4 social.test | awk '{print $1}' | head -1) $(connect 192.0.2.2)"; }

            """#
}
