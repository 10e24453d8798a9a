import Foundation
import Glibc
import RefocusCore
import RefocusNetfilter
import RefocusOS
import RefocusEnforcement
import RefocusPlanning

/// Exec-to-kill latency of the program blocker: 1,000 launches, by uid
/// 65534, of a copy of sleep under a unique name, each killed at exec by the
/// process connector, the matcher and the killer driven directly in one
/// loop, as the daemon will drive them.
///
/// Each launch is timed from just before its execve (noted by the forked
/// child, after it dropped to uid 65534) to its death as the parent's
/// waitpid sees it: what a user sees, the exec itself included. The times
/// from the kernel's exec event (stamped at the end of execve) to death, and
/// to the SIGKILL sent, are printed too: the second is ReFocus's own share
/// (waking up, reading /proc, the pidfd), the rest is the kernel's exec and
/// exit. Needs root and the initial network and
/// PID namespaces. When `nft` runs in the same invocation, the process has
/// left its network namespace before any benchmark runs: the connector is
/// then opened back in the one it started in (`initialNetwork`).
enum ExecKillBench {
    /// Who launches the program: nobody.
    static let user: uid_t = 65534
    /// The network namespace this process started in; BenchMain reads it
    /// before `nft` moves the process into a private one. -1 when unreadable.
    static let initialNetwork = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)

    static func run(_ options: BenchMain.Options) throws {
        guard geteuid() == 0 else { return print("exec-kill: skipped, needs root (sudo refocus-bench exec-kill)") }
        let connector = try openConnector()
        defer { connector.close() }
        let folder = NSTemporaryDirectory() + "refocus-bench-exec-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = "rf-victim-" + UUID().uuidString.prefix(8).lowercased()
        let victim = try copyOfSleep(into: folder, named: name)
        let rules = ProgramLocations.rules(for: ProgramRules([user: [try ProgramName(name)]]))
        let launcher = try ExecLauncher(path: victim, arguments: ["60"], uid: user, gid: user)
        let killer = ProcessKiller()

        let launches = options.checkOnly ? 20 : 1_000
        var fromExecve: [Double] = []
        var fromEvent: [Double] = []
        var toSignal: [Double] = []
        for _ in 0..<launches {
            let pid = try launcher.launch()
            let eventTime = try awaitKill(of: pid, connector: connector, killer: killer, rules: rules)
            toSignal.append(Double(monotonicNanoseconds() &- eventTime) / 1e9)
            var status: Int32 = 0
            guard waitpid(pid, &status, 0) == pid else { throw BenchError.checkFailed("exec-kill: waitpid \(pid)") }
            let death = monotonicNanoseconds()
            guard status & 0x7F == SIGKILL else {
                throw BenchError.checkFailed("exec-kill: launch \(pid) ended with status \(status), not SIGKILL")
            }
            fromExecve.append(Double(death &- launcher.lastExecStart) / 1e9)
            fromEvent.append(Double(death &- eventTime) / 1e9)
        }
        guard killer.killCounts[user] == launches else {
            throw BenchError.checkFailed(
                "exec-kill: \(killer.killCounts[user] ?? 0) kills counted for \(launches) launches")
        }
        if options.checkOnly { return print("exec-kill checked: \(launches) launches killed at exec") }
        let filter = connector.filtersExecOnly ? "exec-only filter" : "all events (no exec-only filter on this kernel)"
        print(
            "exec-kill: \(launches) launches of \(name) (a copy of sleep) by uid \(user), process connector with \(filter)"
        )
        print("  execve to death (waitpid):  \(summary(fromExecve))   target: median ≤ 1 ms, p99 ≤ 10 ms")
        print("  exec event to death:        \(summary(fromEvent))")
        print("  exec event to SIGKILL sent: \(summary(toSignal))")
    }

    /// The connector, opened in `initialNetwork` when this thread is in another network namespace.
    private static func openConnector() throws -> ProcessConnector {
        do throws(ProcessConnectorError) {
            return try ProcessConnector()
        } catch {
            guard error == .unavailable(.otherNetworkNamespace), initialNetwork >= 0 else {
                throw BenchError.checkFailed("exec-kill: \(error)")
            }
        }
        // setns moves only this thread; the socket stays in the namespace it was created in.
        let current = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)
        defer { close(current) }
        guard current >= 0, enterNamespace(initialNetwork, cloneNewNet) == 0 else {
            throw BenchError.checkFailed("exec-kill: cannot return to the initial network namespace: errno \(errno)")
        }
        defer { _ = enterNamespace(current, cloneNewNet) }
        do throws(ProcessConnectorError) {
            return try ProcessConnector()
        } catch {
            throw BenchError.checkFailed("exec-kill: \(error)")
        }
    }

    /// Reads exec events, handing each to the killer, until it kills `pid`;
    /// returns the kernel's timestamp of that exec. Lost events (ENOBUFS)
    /// send the killer over /proc, as the daemon does.
    private static func awaitKill(
        of pid: pid_t, connector: ProcessConnector, killer: ProcessKiller,
        rules: ExecRules
    ) throws -> UInt64 {
        let deadline = monotonicNanoseconds() + 5_000_000_000
        while monotonicNanoseconds() < deadline {
            var ready = pollfd(fd: connector.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let batch = try connector.drain()
            for event in batch.execs {
                if let kill = killer.killIfBlocked(pid: event.tgid, rules: rules), kill.pid == pid {
                    return event.timestamp
                }
            }
            if batch.overflowed,
                killer.kill(ProcessSnapshot.scan(for: rules), rules: rules).contains(where: { $0.pid == pid })
            {
                throw BenchError.checkFailed("exec-kill: events were lost (ENOBUFS); launch \(pid) was found by a scan")
            }
        }
        kill(pid, SIGKILL)
        throw BenchError.checkFailed("exec-kill: launch \(pid) was not killed within 5 s")
    }

    /// A copy of /bin/sleep at `folder/name`, which uid 65534 can run.
    static func copyOfSleep(into folder: String, named name: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        let path = folder + "/" + name
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// `median 0.41 ms, p99 1.20 ms, max 3.00 ms`.
    static func summary(_ seconds: [Double]) -> String {
        let sorted = seconds.sorted()
        let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        return "median \(Measure.format(sorted[sorted.count / 2])), p99 \(Measure.format(p99)), "
            + "max \(Measure.format(sorted[sorted.count - 1]))"
    }
}

/// CLONE_NEWNET from <linux/sched.h>.
private let cloneNewNet: Int32 = 0x4000_0000

/// glibc's setns(2); Glibc's Swift module leaves it out (it needs _GNU_SOURCE).
@_silgen_name("setns")
private func enterNamespace(_ descriptor: Int32, _ type: Int32) -> Int32
