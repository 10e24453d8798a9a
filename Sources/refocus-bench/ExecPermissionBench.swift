import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// What the exec guard (`ExecGuard`, fanotify exec permission events) costs
/// and how fast it refuses, in one run. The guard runs in a process of its
/// own (`ExecGuardHolder`), as the daemon's does, and the launches come from
/// this one:
///
/// - the time an exec takes without a guard (the baseline: the holder
///   holds none); under the guard asked about every exec (its ignore marks off: each
///   event goes the whole way, /proc/PID, fstat, the decision cache); and
///   under the guard as the daemon runs it, in the steady state where
///   /bin/true, allowed, already carries an ignore mark (`ExecIgnoreMarks`:
///   the kernel no longer asks). 100 rounds, the three in an order turned
///   and reversed from round to round: 10,000 launches of /bin/true each by
///   uid 65534, the owner of the rules, and with the marks by uid 65533,
///   whom no rule governs; with how many events the guard answered per
///   launch (what the ignore mark spares, whatever the machine's load does
///   to the times), and the added times paired by round as well (the
///   median of the rounds' differences of medians: the machine's drift
///   between rounds cancels out). Each launch is timed from just before its
///   execve to its end as waitpid sees it; the added cost is the difference
///   of the medians (target with the marks: under 10 µs);
/// - a refused exec under the guard with its marks: 1,000 launches by
///   uid 65534 of a copy of sleep under a blocked name, from just before
///   the execve to its return with EPERM (target: median under 1 ms).
///
/// Needs root and fanotify's permission events; the marks cover every
/// filesystem a program can run from, so the machine's other execs pay the
/// uid check while it runs (once per file with the ignore marks).
enum ExecPermissionBench {
    static let owner: uid_t = 65534
    static let stranger: uid_t = 65533

    static func run(_ options: BenchMain.Options) throws {
        guard geteuid() == 0 else {
            return print("exec-permission: skipped, needs root (sudo refocus-bench exec-permission)")
        }
        let folder = NSTemporaryDirectory() + "refocus-bench-permission-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = "rf-denied-" + UUID().uuidString.prefix(8).lowercased()
        let blocked = try ExecKillBench.copyOfSleep(into: folder, named: name)
        let owners = try ExecLauncher(path: "/bin/true", arguments: [], uid: owner, gid: owner)
        let strangers = try ExecLauncher(path: "/bin/true", arguments: [], uid: stranger, gid: stranger)
        let refused = try ExecLauncher(path: blocked, arguments: ["60"], uid: owner, gid: owner)

        let rounds = options.checkOnly ? 2 : 100
        let perRound = options.checkOnly ? 50 : 100
        var off: [Double] = [], asked: [Double] = [], ignored: [Double] = []
        var offStranger: [Double] = [], ignoredStranger: [Double] = [], denials: [Double] = []
        var askedEvents = 0, ignoredEvents = 0
        // Each round's owner's launches per phase, for the paired estimate.
        var roundAdded: (asked: [Double], ignored: [Double]) = ([], [])
        for round in 0..<rounds {
            let counts = (off.count, asked.count, ignored.count)
            // Every phase alike but for the guard its holder holds: the holder started, one launch untimed
            // (under the marking guard it marks /bin/true: the steady state is every launch after it), then
            // the timed launches.
            func phase(_ kind: ExecGuardHolder.Kind, _ body: () throws -> Void) throws -> Int? {
                guard let holder = try ExecGuardHolder.start(kind, refusing: name, to: owner) else { return nil }
                defer { holder.stop() }
                _ = try times(owners, 1)
                usleep(100_000)
                let before = try holder.answeredEvents()
                try body()
                return try holder.answeredEvents() - before
            }
            // The three in an order turned and reversed from round to round, so that the machine's drift
            // over a round weighs on each alike.
            var phases: [() throws -> Int?] = [
                {
                    try phase(.none) {
                        off += try times(owners, perRound)
                        offStranger += try times(strangers, perRound)
                    }
                },
                {
                    let events = try phase(.asked) { asked += try times(owners, perRound) }
                    askedEvents += events ?? 0
                    return events
                },
                {
                    let events = try phase(.ignored) {
                        ignored += try times(owners, perRound)
                        ignoredStranger += try times(strangers, perRound)
                    }
                    ignoredEvents += events ?? 0
                    return events
                },
            ]
            let turn = (round / 2) % phases.count
            phases = Array(phases[turn...] + phases[..<turn])
            if round % 2 == 1 { phases.reverse() }
            for phase in phases where try phase() == nil { return }
            // Refused launches, untimed against anything else: after the round, under a marking guard.
            _ = try phase(.ignored) { denials += try refusals(refused, perRound / 10) }
            let offMedian = median(off[counts.0...])
            roundAdded.asked.append(median(asked[counts.1...]) - offMedian)
            roundAdded.ignored.append(median(ignored[counts.2...]) - offMedian)
        }
        if options.checkOnly {
            return print(
                "exec-permission checked: \(asked.count + ignored.count + ignoredStranger.count) execs under the guard, \(denials.count) refused"
            )
        }
        let machine = Machine.summary
        print(
            "exec-permission: \(rounds) rounds of \(perRound) launches of /bin/true, guard off, asked, ignored (order turned and reversed by round), on \(machine)"
        )
        print("  owner's exec, guard off:              \(ExecKillBench.summary(off))")
        print("  owner's exec, every exec asked:       \(ExecKillBench.summary(asked))")
        print("  owner's exec, allowed file ignored:   \(ExecKillBench.summary(ignored))")
        print("  added, every exec asked:              \(added(asked, off))")
        print("  added, allowed file ignored:          \(added(ignored, off))   target: under 10 µs")
        print(
            "  added, paired by round (median of the \(rounds) rounds' differences of medians): "
                + "asked " + String(format: "%.1f µs", median(roundAdded.asked[...]) * 1e6) + ", ignored "
                + String(format: "%.1f µs", median(roundAdded.ignored[...]) * 1e6))
        print(
            "  events the guard answered per launch (the machine's other execs included): asked "
                + String(format: "%.2f", Double(askedEvents) / Double(max(1, asked.count))) + ", ignored "
                + String(format: "%.2f", Double(ignoredEvents) / Double(max(1, ignored.count + ignoredStranger.count))))
        print("  another user's exec, guard off:       \(ExecKillBench.summary(offStranger))")
        print("  another user's exec, ignored:         \(ExecKillBench.summary(ignoredStranger))")
        print("  added to another user's, ignored:     \(added(ignoredStranger, offStranger))")
        print(
            "  refused exec, execve to EPERM (\(denials.count)): \(ExecKillBench.summary(denials))   target: median under 1 ms"
        )
    }

    /// `count` launches by `launcher`, each from just before its execve to its end, in seconds.
    private static func times(_ launcher: ExecLauncher, _ count: Int) throws -> [Double] {
        var seconds: [Double] = []
        for _ in 0..<count {
            let pid = try launcher.launch()
            var status: Int32 = 0
            guard waitpid(pid, &status, 0) == pid, status == 0 else {
                throw BenchError.checkFailed("exec-permission: /bin/true (pid \(pid)) ended with status \(status)")
            }
            seconds.append(Double(monotonicNanoseconds() &- launcher.lastExecStart) / 1e9)
        }
        return seconds
    }

    /// `count` refused launches, each from just before its execve to its return with EPERM, in seconds.
    private static func refusals(_ launcher: ExecLauncher, _ count: Int) throws -> [Double] {
        var seconds: [Double] = []
        for _ in 0..<count {
            let pid = try launcher.launch()
            var status: Int32 = 0
            guard waitpid(pid, &status, 0) == pid else {
                throw BenchError.checkFailed("exec-permission: waitpid \(pid)")
            }
            guard status >> 8 == 125, launcher.lastExecFailure != 0 else {
                throw BenchError.checkFailed(
                    "exec-permission: the blocked launch (pid \(pid)) was not refused: status \(status)")
            }
            seconds.append(Double(launcher.lastExecFailure &- launcher.lastExecStart) / 1e9)
        }
        return seconds
    }

    /// The median of `values` (none: 0).
    private static func median(_ values: ArraySlice<Double>) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// `12.3 µs (median 0.512 ms against 0.500 ms)`.
    private static func added(_ on: [Double], _ off: [Double]) -> String {
        let (medianOn, medianOff) = (on.sorted()[on.count / 2], off.sorted()[off.count / 2])
        let microseconds = (medianOn - medianOff) * 1e6
        return String(format: "%.1f µs", microseconds)
            + " (median \(Measure.format(medianOn)) against \(Measure.format(medianOff)))"
    }
}
