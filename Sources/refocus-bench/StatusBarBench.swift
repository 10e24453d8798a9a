import Foundation
import Glibc

/// `refocus status --format waybar` as a status bar runs it every second:
/// the whole process, from spawn to exit, against `cat` of the same file
/// (the floor of any process: the ratio to its time is what to compare
/// between machines and runs) and `jq` printing the file's sessions on one
/// line (a small C program reading that JSON). Runs where a daemon has
/// published /run/refocus/status.json. Target: a median under 5 ms.
enum StatusBarBench {
    static let runs = 200
    /// The target for the median, in seconds.
    static let target = 0.005

    /// Times each `refocus` of `programs` (a label, a path, and whether the
    /// target is its own: the installed binary's; missing ones are skipped) and the references.
    static func run(_ programs: [(label: String, path: String, targeted: Bool)]) throws {
        print("status bar line, \(runs) runs each (spawn to exit; target: median < \(Measure.format(target))):")
        let floor = try spawnTimes("/bin/cat", ["/run/refocus/status.json"])
        print(
            "  cat status.json (any process's floor): median \(Measure.format(floor.median)), p90 \(Measure.format(floor.p90))"
        )
        var reference: Double?
        if Measure.has("jq") {
            let jq = try spawnTimes("/usr/bin/env", ["jq", "-c", ".sessions", "/run/refocus/status.json"])
            reference = jq.median
            print(
                "  jq -c .sessions status.json (reference): median \(Measure.format(jq.median)), p90 \(Measure.format(jq.p90))"
            )
        }
        for (label, path, targeted) in programs where access(path, X_OK) == 0 {
            let times = try spawnTimes(path, ["status", "--format", "waybar"])
            let jq = reference.map { String(format: ", %.2f× jq's", times.median / $0) } ?? ""
            let verdict = !targeted ? "" : times.median < target ? "; under the target" : "; OVER the target"
            print(
                "  refocus status --format waybar (\(label)): median \(Measure.format(times.median)), "
                    + "p90 \(Measure.format(times.p90)); "
                    + String(format: "%.1f× cat's time", times.median / floor.median) + jq + verdict)
        }
        for (label, path, targeted) in programs where targeted && access(path, X_OK) != 0 {
            print(
                "  refocus status --format waybar (\(label)): \(path) is not built (make static): the target is not checked"
            )
        }
    }

    /// Median and 90th percentile of `runs` spawns of `path` with stdout to /dev/null.
    private static func spawnTimes(_ path: String, _ arguments: [String]) throws -> (median: Double, p90: Double) {
        let times = try TimedSpawn(path, arguments).times(runs: runs)
        return (times.median, times.percentile(0.9))
    }
}
