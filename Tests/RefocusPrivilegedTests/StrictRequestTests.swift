import RefocusTestSupport
import Testing

/// The helper refuses a request that names a key twice in one object
/// (Foundation's decoder would keep the first silently), naming the key
/// and where it is, before it takes the lock or touches the store.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct StrictRequestTests {
    @Test func aKeyGivenTwiceIsABadRequestNamingItAndItsPath() throws {
        let run = try Sandbox(network: false).run(
            #"""
            ask() { status=0; "$BIN/refocus-helper" "$1" <<< "$2" > "$WORK/out" || status=$?; echo "$1: $status $(cat "$WORK/out")"; }
            ask stop '{"version":1,"verb":"stop","stop":{"sessionID":1,"sessionID":2}}'
            ask status '{"version":1,"verb":"status","\u0076erb":"status"}'
            ask start '{"version":1,"verb":"start","start":{"lists":[{"name":"a","entries":[],"programs":[],"name":"b"}],"length":60,"locked":false}}'
            [ -e /var/lib/refocus ] || echo "no store was opened"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                #"stop: 65 {"error":{"code":"bad-request","message":"the request is invalid: the key "#
                    + #"'sessionID' appears twice in the object at stop; give each key once"}"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"the key 'verb' appears twice in the top-level object"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"the key 'name' appears twice in the object at start.lists[0]"#), "\(run.stdout)")
        #expect(run.stdout.contains("no store was opened"), "\(run.stdout)")
    }
}
