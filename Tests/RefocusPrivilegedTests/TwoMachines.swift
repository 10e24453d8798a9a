import Foundation
import RefocusTestSupport

/// Two machines of one user, played by two sandboxes run at once (each its
/// own mount, network and PID namespaces: its own /etc, hosts section,
/// table, dnsmasq, helper and daemon), sharing `shared` (a folder a sync
/// engine would keep in step; here the same folder) and `signals` (where
/// the scripts tell each other how far they are: `mark NAME`, `await NAME`;
/// `seconds LABEL FROM TO` prints the time between two marks), with
/// `enforced`, `until_enforced` and `until_lifted` (social.test's lookup),
/// and on B `see_start` and `see_stop` (A's start and stop seen, timed).
/// Each sandbox has `ann`, a member of `refocus` with the shipped sudo rule,
/// and `social.test` answered as 192.0.2.2, a peer's address.
struct TwoMachines {
    let shared: String
    let signals: String

    init() throws {
        let base = NSTemporaryDirectory() + "refocus-two-machines-" + UUID().uuidString
        shared = base + "/shared"
        signals = base + "/signals"
        for folder in [shared, signals] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o777)
        }
        chmod(base, 0o755)
    }

    /// How both machines sync: `sync init`'s arguments besides `--machine` (the shared folder by default).
    var syncInit = #"--dir "$SHARED""#

    /// What both scripts start with: the members, the list, sync set up as machine `name`.
    func setUp(_ name: String) -> String {
        MemberProbeSetUp.script + """
            SHARED='\(shared)'; SIG='\(signals)'
            mark() { date +%s.%N > "$SIG/$1"; }
            await() { for _ in $(seq 600); do [ -e "$SIG/$1" ] && return 0; sleep 0.05; done; echo "gave up waiting for $1"; exit 1; }
            chown ann: "$SHARED"
            enforced() { getent hosts social.test | grep -q '^100::1\\|^192.0.2.1'; }
            until_enforced() { for _ in $(seq 500); do enforced && return 0; sleep 0.02; done; }
            until_lifted() { for _ in $(seq 500); do enforced || return 0; sleep 0.02; done; }
            # On B: A's start seen enforced, A's stop seen lifted, each with how long after A it took.
            see_start() { await a-started; until_enforced; mark b-seen; seconds "b latency" a-started b-seen; }
            see_stop() { await a-stopped; until_lifted; mark b-lift-seen; seconds "b lift latency" a-stopped b-lift-seen; }
            # seconds LABEL FROM TO: the seconds between two marks.
            seconds() { echo "$1: $(python3 -c 'import sys; print(float(open(sys.argv[2]).read()) - float(open(sys.argv[1]).read()))' "$SIG/$2" "$SIG/$3")"; }
            refocus_ann() { as_user ann setsid --wait "$B/refocus" "$@" < /dev/null; }
            refocus_ann list add social social.test > /dev/null
            refocus_ann sync init \(syncInit) --machine \(name) > /dev/null

            """
    }

    /// Runs both scripts at once; their runs, in order.
    func run(_ a: String, _ b: String) throws -> (a: Binary.Run, b: Binary.Run) {
        let sandbox = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])
        let slots = Slots()
        let group = DispatchGroup()
        for (index, script) in [setUp("a") + a, setUp("b") + b].enumerated() {
            DispatchQueue.global().async(group: group) {
                let result = Result { try sandbox.run(script) }
                slots.lock.withLock { slots.runs[index] = result }
            }
        }
        group.wait()
        try? FileManager.default.removeItem(atPath: (shared as NSString).deletingLastPathComponent)
        return (try slots.runs[0]!.get(), try slots.runs[1]!.get())
    }
}

/// Where the two runs land, each from its own thread.
private final class Slots: @unchecked Sendable {
    let lock = NSLock()
    var runs: [Result<Binary.Run, any Error>?] = [nil, nil]
}
