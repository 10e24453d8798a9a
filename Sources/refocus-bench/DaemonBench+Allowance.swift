import Foundation
import RefocusOS

/// The idle daemon with a daily allowance set but not in use: a list of one
/// program (under a name nothing runs) and one domain, set through the
/// helper's `allowance` verb as root; then the same window as the idle row,
/// in which this benchmark starts nothing (each exec on the machine is an
/// event for a daemon subscribed to the process connector). Target: 0
/// wake-ups, as without an allowance. Then, outside the window, 20
/// launches show whether exec events reach the daemon at all (the process
/// connector works only in the initial PID and network namespaces).
extension DaemonBench {
    /// The program of the benchmark's allowance: a name no process on the machine runs.
    static let allowanceProgram = "refocus-bench-allowance-\(getpid())"

    /// Sets the allowance, lets the daemon settle, and counts its context switches over `seconds`.
    static func measureIdleWakeupsWithAllowance(helper: String, seconds: Int) throws {
        let request = """
            {"version":1,"verb":"allowance","allowance":{"action":"set","lists":[{"name":"bench-allowance",\
            "entries":["allowance-bench.test"],"programs":["\(allowanceProgram)"]}],"daily":1800}}
            """
        let answer = try ForegroundProcess.run([helper, "allowance"], input: Data(request.utf8))
        let text = String(decoding: answer.standardOutput, as: UTF8.self)
        guard answer.status == 0, text.contains("\"bench-allowance\"") else {
            throw BenchError.referenceFailed(
                "the allowance verb exited with \(answer.status): \(text) "
                    + String(decoding: answer.standardError, as: UTF8.self))
        }
        usleep(200_000)
        let pid = try daemonPID()
        let before = try contextSwitches(pid)
        sleep(UInt32(seconds))
        let after = try contextSwitches(pid)
        let launched = try wakeupsOfLaunches(pid, count: 20)
        print(
            "  idle daemon over \(seconds) s with a daily allowance set, not in use (1 program, 1 domain): "
                + "\(after - before) wake-ups (target 0); after it, 20 launches of /bin/true: \(launched) wake-ups "
                + (launched > 0
                    ? "(exec events reach it: on a busy machine every exec wakes it while the allowance is open)"
                    : "(no exec event reaches it in these namespaces)"))
    }

    /// The context switches of `pid` while this benchmark launches `/bin/true` `count` times, outside the window.
    private static func wakeupsOfLaunches(_ pid: Int32, count: Int) throws -> Int {
        let before = try contextSwitches(pid)
        for _ in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/true")
            try process.run()
            process.waitUntilExit()
        }
        usleep(200_000)
        return try contextSwitches(pid) - before
    }
}
