import Foundation
import Glibc

/// `refocus status --format waybar` as a status bar runs it every second:
/// the whole process, from spawn to exit, against `jq` printing the same
/// file's sessions on one line (a small C program reading that JSON), and
/// `cat` of the file as the floor of any process. Runs where a daemon has
/// published /run/refocus/status.json. Target < 5 ms.
enum StatusBarBench {
    static let runs = 200

    /// Times each `refocus` of `programs` (a label and a path; missing ones are skipped) and the reference.
    static func run(_ programs: [(label: String, path: String)]) throws {
        print("status bar line, \(runs) runs each (spawn to exit; target < 5 ms):")
        let floor = try spawnTimes("/bin/cat", ["/run/refocus/status.json"])
        print("  cat status.json (any process's floor): median \(Measure.format(floor.median)), p90 \(Measure.format(floor.p90))")
        var reference: Double?
        if Measure.has("jq") {
            let jq = try spawnTimes("/usr/bin/env", ["jq", "-c", ".sessions", "/run/refocus/status.json"])
            reference = jq.median
            print("  jq -c .sessions status.json (reference): median \(Measure.format(jq.median)), p90 \(Measure.format(jq.p90))")
        }
        for (label, path) in programs where access(path, X_OK) == 0 {
            let times = try spawnTimes(path, ["status", "--format", "waybar"])
            let ratio = reference.map { String(format: ", %.2f× jq's time", times.median / $0) } ?? ""
            print("  refocus status --format waybar (\(label)): median \(Measure.format(times.median)), "
                + "p90 \(Measure.format(times.p90))\(ratio)")
        }
    }

    /// Median and 90th percentile of `runs` spawns of `path` with stdout to /dev/null.
    private static func spawnTimes(_ path: String, _ arguments: [String]) throws -> (median: Double, p90: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            var pid: pid_t = 0
            guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
                throw BenchError.referenceFailed("spawn \(path)")
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let elapsed = ContinuousClock.now - start
            guard status == 0 else { throw BenchError.referenceFailed("\(path) \(arguments) exited with \(status)") }
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        times.sort()
        return (times[times.count / 2], times[times.count * 9 / 10])
    }
}
