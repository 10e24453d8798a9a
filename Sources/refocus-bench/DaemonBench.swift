import Foundation
import RefocusNetfilter
import RefocusOS

/// The enforcer daemon, measured for real in private namespaces (mount, net
/// and pid, with an overlay on /etc and tmpfs on /var/lib and /run, so the
/// host is untouched): how fast it repairs an edited /etc/hosts, how fast a
/// deleted table is back (the table cannot be deleted while the daemon owns
/// it, so this is a killed daemon's orphan deleted and the daemon restarted),
/// and how often an idle daemon wakes up, without and with a daily allowance
/// set but not in use (`DaemonBench+Allowance`), and its resident memory. Targets:
/// repair ≤ 100 ms, 0 idle wake-ups, at most 20 MB resident when idle. No
/// reference tool does this job; the targets are absolute.
enum DaemonBench {
    static let insideVariable = "REFOCUS_BENCH_NAMESPACES"

    static func run(idleSeconds: Int) throws {
        guard ProcessInfo.processInfo.environment[insideVariable] != nil else {
            return try reenterInNamespaces(arguments: idleSeconds < 60 ? ["daemon", "--check"] : ["daemon"])
        }
        let folder = NSTemporaryDirectory() + "refocus-bench-daemon-\(getpid())"
        try Measure.shell(
            """
            set -e
            mount --make-rprivate /
            # A tmpfs: what the run leaves (the overlay's changes, the user's home) goes with its namespace.
            mkdir -p '\(folder)' && mount -t tmpfs -o mode=0755 tmpfs '\(folder)'
            mkdir -p '\(folder)/upper' '\(folder)/work'
            mount -t overlay overlay -o lowerdir=/etc,upperdir='\(folder)/upper',workdir='\(folder)/work' /etc
            mount -t tmpfs tmpfs /var/lib
            mount -t tmpfs -o mode=0755 tmpfs /run
            rm -f /etc/resolv.conf; echo 'nameserver 127.0.0.1' > /etc/resolv.conf
            """)
        let helper = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/refocus-helper"
        let entries = (0..<100).map { "\"bench-\($0).test\"" }.joined(separator: ",")
        try Measure.shell(
            """
            echo '{"version":1,"verb":"start","start":{"lists":[{"name":"bench","entries":[\(entries),"192.0.2.77"],"programs":[]}],"length":600,"locked":false}}' \
              | '\(helper)' start > /dev/null
            """)
        print("enforcer daemon (private namespaces, a session of 100 names and 1 address):")
        try measureHostsRepair()
        try measurePolicyRepair()
        try measureTableRepair(helper: helper)
        try printMemory(of: try daemonPID(), state: "with the session active")
        let products = URL(fileURLWithPath: helper).deletingLastPathComponent().path
        try StatusBarBench.run([
            ("this build", products + "/refocus", false),
            (
                "static, as installed", FileManager.default.currentDirectoryPath + "/.build-static/release/refocus",
                true
            ),
        ])
        try Measure.shell(#"echo '{"version":1,"verb":"stop","stop":{}}' | '\#(helper)' stop > /dev/null"#)
        let runs = idleSeconds < 60 ? 3 : 20
        if let startMedian = try StartStopBench.run(products: products, folder: folder, runs: runs) {
            try FollowBench.run(folder: folder, runs: runs, startMedian: startMedian)
        }
        try measureIdleWakeups(seconds: idleSeconds)
        try measureIdleWakeupsWithAllowance(helper: helper, seconds: idleSeconds)
    }

    /// Runs this benchmark again inside fresh namespaces; its pid namespace
    /// ends the daemon with it.
    private static func reenterInNamespaces(arguments: [String]) throws {
        try BenchNamespaces.reenter(
            arguments, environment: ProcessInfo.processInfo.environment.merging([insideVariable: "1"]) { $1 },
            benchmark: "the daemon benchmark")
    }

    /// Replaces /etc/hosts with a copy lacking the section (as `sed -i` does)
    /// and times until the daemon has put it back.
    private static func measureHostsRepair() throws {
        var times: [Double] = []
        for _ in 0..<30 {
            let original = try String(contentsOfFile: "/etc/hosts", encoding: .utf8)
            let edited = original.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("bench-") }.joined(separator: "\n")
            let start = ContinuousClock.now
            try Data(edited.utf8).write(to: URL(fileURLWithPath: "/etc/hosts"), options: .atomic)
            times.append(
                try waitUntil(since: start) { (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) == original }
            )
            usleep(20_000)
        }
        report("hosts section edited -> restored", times)
    }

    /// Deletes each browser policy file the daemon wrote (those of installed
    /// browsers: Chromium's where Debian's chromium is, Firefox's where
    /// Firefox is) and times until it is back with the same bytes.
    private static func measurePolicyRepair() throws {
        let files = ["/etc/chromium/policies/managed/refocus.json", "/etc/firefox/policies/policies.json"]
        var measured = false
        for file in files {
            guard let written = FileManager.default.contents(atPath: file) else { continue }
            var times: [Double] = []
            for _ in 0..<30 {
                let start = ContinuousClock.now
                try FileManager.default.removeItem(atPath: file)
                times.append(try waitUntil(since: start) { FileManager.default.contents(atPath: file) == written })
                usleep(20_000)
            }
            report("browser policy \(file) deleted -> restored", times)
            measured = true
        }
        if !measured {
            print("  browser policies: none written (no Chromium-family browser or Firefox installed); not measured")
        }
    }

    /// Kills the daemon, deletes its orphaned table, starts a daemon, and
    /// times until the table is back and owned.
    private static func measureTableRepair(helper: String) throws {
        let nftables = try Nftables()
        var times: [Double] = []
        for _ in 0..<10 {
            // This process is the namespace's init: the orphaned daemon is its child to reap.
            let daemon = try daemonPID()
            kill(daemon, SIGKILL)
            waitpid(daemon, nil, 0)
            try Measure.shell("nft delete table inet refocus")
            let start = ContinuousClock.now
            try DetachedProcess.start(helper, ["daemon"])
            times.append(
                try waitUntil(since: start) {
                    if case .ownedByOther = try nftables.tableState() { return true }
                    return false
                })
        }
        report("table deleted -> daemon restarted and table back", times)
    }

    /// Context switches of the idle daemon over `seconds`: each is a wake-up.
    private static func measureIdleWakeups(seconds: Int) throws {
        usleep(200_000)
        let pid = try daemonPID()
        let before = try contextSwitches(pid)
        sleep(UInt32(seconds))
        let after = try contextSwitches(pid)
        print("  idle daemon over \(seconds) s: \(after - before) wake-ups (target 0)")
        try printMemory(of: pid, state: "idle")
    }

    /// Resident memory of the daemon, from its smaps_rollup, and its thread count.
    private static func printMemory(of pid: Int32, state: String) throws {
        let rollup = try String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)
        let field = { (name: String) in
            rollup.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) } ?? "unknown"
        }
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count
        print(
            "  daemon memory, \(state): resident \(field("Rss")) (target <= 20 MB idle), of which private dirty "
                + "\(field("Private_Dirty")) and clean file pages \(field("Private_Clean")) + \(field("Shared_Clean")) "
                + "(library code); proportional \(field("Pss")); \(threads) thread(s)")
    }

    static func daemonPID() throws -> Int32 {
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = Int32(entry),
                let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                command.hasSuffix("refocus-helper\0daemon\0")
            else { continue }
            return pid
        }
        throw BenchError.referenceFailed("no daemon is running")
    }

    /// Voluntary and involuntary context switches over every thread of `pid`.
    static func contextSwitches(_ pid: Int32) throws -> Int {
        var total = 0
        for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            let status = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                total += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return total
    }

    /// Polls `done` every 100 µs for up to 5 s; the seconds since `start`.
    private static func waitUntil(since start: ContinuousClock.Instant, _ done: () throws -> Bool) throws -> Double {
        while ContinuousClock.now - start < .seconds(5) {
            if try done() { return seconds(ContinuousClock.now - start) }
            usleep(100)
        }
        throw BenchError.referenceFailed("the daemon did not repair within 5 s")
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func report(_ what: String, _ times: [Double]) {
        let sorted = times.sorted()
        let median = sorted[sorted.count / 2]
        let worst = sorted[sorted.count - 1]
        print(
            "  \(what): median \(Measure.format(median)), worst \(Measure.format(worst)) of \(times.count) (target <= 100 ms)"
        )
    }
}
