import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusTestSupport
import Testing
import RefocusPlanning

/// The program blocker's system parts against the real kernel: the process
/// connector, /proc and pidfds. They run in this process, in the initial
/// network and PID namespaces (the connector works nowhere else; no sandbox),
/// and kill only processes they start from uniquely named copies of sleep
/// and bash, run as uids that no one logs in as.
@Suite(.enabled(if: Victim.unavailableReason == nil, Comment(rawValue: Victim.unavailableReason ?? "")))
struct ProgramBlockerTests {
    /// The session's owner: nobody.
    static let owner: UInt32 = 65534
    /// Another user, without a session.
    static let stranger: UInt32 = 65533

    static func rules(_ victim: Victim, owners: [UInt32] = [owner]) throws -> ProgramRules {
        let name = try ProgramName(victim.name)
        return ProgramRules(Dictionary(uniqueKeysWithValues: owners.map { ($0, Set([name])) }))
    }

    /// Hands every queued exec event to the killer; returns the kills.
    static func handleEvents(
        _ connector: ProcessConnector, _ killer: ProcessKiller, _ rules: ProgramRules,
        seen: inout Set<Int32>
    ) -> [ProgramKill] {
        guard let batch = try? connector.drain() else { return [] }
        seen.formUnion(batch.execs.map(\.tgid))
        return batch.execs.compactMap { killer.killIfBlocked(pid: $0.tgid, rules: rules) }
    }

    @Test func theOwnersExecIsSeenAndKilled() throws {
        let victim = try Victim(copying: "/bin/sleep")
        defer { victim.remove() }
        let connector = try ProcessConnector()
        defer { connector.close() }
        let rules = try Self.rules(victim)
        let killer = ProcessKiller()
        let pid = try victim.start(as: Self.owner, ["30"])
        var kills: [ProgramKill] = []
        var seen = Set<Int32>()
        _ = eventually {
            kills += Self.handleEvents(connector, killer, rules, seen: &seen)
            return !kills.isEmpty
        }
        let status = waitForExit(of: pid, seconds: 5)
        #expect(seen.contains(pid), "the connector reported the exec")
        // Usually by comm; by the executable when setpriv's exec event is read while the next exec is under way.
        #expect(kills.map(\.pid) == [pid], "\(kills)")
        #expect(kills.map(\.signal) == [SIGKILL] && kills.map(\.match.owner) == [Self.owner])
        #expect(kills.map(\.match.program) == [try ProgramName(victim.name)])
        #expect(status.map(terminatingSignal) == SIGKILL, "the process died of SIGKILL")
        #expect(killer.killCounts == [Self.owner: 1])
    }

    @Test func anotherUsersAndRootsRunsSurvive() throws {
        let victim = try Victim(copying: "/bin/sleep")
        defer { victim.remove() }
        let connector = try ProcessConnector()
        defer { connector.close() }
        let rules = try Self.rules(victim, owners: [Self.owner, 0])
        let killer = ProcessKiller()
        let stranger = try victim.start(as: Self.stranger, ["30"])
        let root = try victim.start(as: 0, ["30"])
        defer {
            for pid in [stranger, root] {
                kill(pid, SIGKILL)
                _ = waitForExit(of: pid, seconds: 5)
            }
        }
        var kills: [ProgramKill] = []
        var seen = Set<Int32>()
        let running = eventually {
            kills += Self.handleEvents(connector, killer, rules, seen: &seen)
            return victim.isRunning(stranger) && victim.isRunning(root)
        }
        // The exec events can trail the new comm by a moment: keep handling them for a while.
        _ = eventually(seconds: 0.3) {
            kills += Self.handleEvents(connector, killer, rules, seen: &seen)
            return false
        }
        #expect(running)
        #expect(seen.isSuperset(of: [stranger, root]))
        #expect(kills.isEmpty)
        let everyone = ProcessSnapshot.scan()
        #expect(killer.kill(everyone, rules: rules).isEmpty)
        #expect(killer.terminate(everyone, rules: rules).isEmpty)
        #expect(victim.isRunning(stranger) && victim.isRunning(root), "both still run")
        #expect(killer.killCounts.isEmpty)
    }

    @Test func aRunningProgramGetsTermThenKill() throws {
        let victim = try Victim(copying: "/bin/bash")
        defer { victim.remove() }
        let signals = try victim.writableFile("signals")
        let fifo = try victim.writableFile("fifo")
        unlink(fifo)
        try #require(mkfifo(fifo, 0o666) == 0 && chmod(fifo, 0o666) == 0)
        // It notes SIGTERM and carries on, forking nothing (a fork would carry the
        // program's name until it execs, and a scan would rightly kill it).
        let pid = try victim.start(
            as: Self.owner,
            [
                "-c",
                "trap 'echo TERM >> \(signals)' TERM; exec 3<> \(fifo); "
                    + "while :; do read -t 0.02 -u 3 || true; done",
            ])
        defer { _ = waitForExit(of: pid, seconds: 5) }
        try #require(eventually { victim.isRunning(pid) })
        let rules = try Self.rules(victim)
        let killer = ProcessKiller()
        let terminating = killer.terminate(ProcessSnapshot.scan(wanted: rules.governs), rules: rules)
        #expect(terminating.map(\.pid) == [pid])
        #expect(
            eventually { ((try? String(contentsOfFile: signals, encoding: .utf8)) ?? "").contains("TERM") },
            "the program received SIGTERM")
        #expect(terminating.first?.hasExited == false, "it ignored SIGTERM")
        #expect(
            killer.kill(ProcessSnapshot.scan(wanted: rules.governs), rules: rules).isEmpty,
            "a scan leaves it its grace period")
        #expect(
            killer.finish(terminating, rules: ProgramRules.empty).isEmpty, "a session that ended meanwhile spares it")
        let killed = killer.finish(terminating, rules: rules)
        #expect(killed.map(\.pid) == [pid] && killed.map(\.signal) == [SIGKILL])
        #expect(waitForExit(of: pid, seconds: 5).map(terminatingSignal) == SIGKILL)
        #expect(terminating.first?.hasExited == true)
        #expect(killer.killCounts == [Self.owner: 1], "one process, counted once")
    }

    @Test func aProgramThatEndsOnTermIsNotKilledAgain() throws {
        let victim = try Victim(copying: "/bin/sleep")
        defer { victim.remove() }
        let pid = try victim.start(as: Self.owner, ["30"])
        try #require(eventually { victim.isRunning(pid) })
        let rules = try Self.rules(victim)
        let killer = ProcessKiller()
        let terminating = killer.terminate(ProcessSnapshot.scan(wanted: rules.governs), rules: rules)
        #expect(terminating.map(\.pid) == [pid])
        #expect(waitForExit(of: pid, seconds: 5).map(terminatingSignal) == SIGTERM)
        #expect(killer.finish(terminating, rules: rules).isEmpty)
        #expect(killer.killCounts == [Self.owner: 1])
    }

    @Test func theConnectorIsUnavailableInAnotherNetworkNamespace() throws {
        let outcome = try connectorFailureInPrivateNetworkNamespace()
        #expect(outcome == .unavailable(.otherNetworkNamespace))
        #expect(outcome?.isUnavailable == true)
    }

    @Test func theConnectorIsUnavailableInAnotherPIDNamespace() throws {
        let run = try Binary.execute(
            "/usr/bin/unshare",
            [
                "--pid", "--fork", "--mount-proc",
                Binary.buildDirectory + "/refocus-bench", "exec-kill", "--check",
            ])
        #expect(run.status != 0)
        #expect(run.stderr.contains("initial PID and user namespaces"), "\(run.stdout)\(run.stderr)")
    }

    @Test func benchCheckKillsEveryLaunch() throws {
        let run = try Binary.execute(Binary.buildDirectory + "/refocus-bench", ["exec-kill", "--check"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("exec-kill checked: 20 launches killed at exec"))
    }
}

/// What opening a `ProcessConnector` throws on a new thread moved into a new
/// network namespace (unshare(CLONE_NEWNET) moves only the calling thread);
/// nil when it opens. The namespace goes when the thread ends.
private func connectorFailureInPrivateNetworkNamespace() throws -> ProcessConnectorError? {
    let outcome = ThreadOutcome()
    Thread.detachNewThread {
        if unshareNamespaces(0x4000_0000) == 0 {  // CLONE_NEWNET
            do throws(ProcessConnectorError) {
                _ = try ProcessConnector()
                outcome.value = .success(nil)
            } catch {
                outcome.value = .success(error)
            }
        } else {
            outcome.value = .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM))
        }
        outcome.done.signal()
    }
    outcome.done.wait()
    guard let value = outcome.value else { throw POSIXError(.EINVAL) }
    return try value.get()
}

/// What the thread of `connectorFailureInPrivateNetworkNamespace` found.
private final class ThreadOutcome: @unchecked Sendable {
    // SAFETY: written by the thread before `done` is signalled, read only after waiting on it.
    var value: Result<ProcessConnectorError?, POSIXError>?
    let done = DispatchSemaphore(value: 0)
}

/// glibc's unshare(2); Glibc's Swift module leaves it out (it needs _GNU_SOURCE).
@_silgen_name("unshare")
private func unshareNamespaces(_ flags: Int32) -> Int32
