import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// The daemon's program blocker: refuses and kills a session owner's blocked programs.
///
/// While rules are active it refuses their execs before they run
/// (`ExecGuard`, fanotify exec permission events), where the kernel allows
/// it; and it listens to the kernel's process connector and kills a
/// matching program at exec (SIGKILL at once): the fallback where the
/// guard is unavailable or has let go (its watchdog), until the rules end.
/// Programs already
/// running when rules arrive get SIGTERM, then SIGKILL after the grace
/// period unless the rules no longer cover them. Where the connector is
/// unavailable (another network or PID namespace: containers, the tests'
/// namespaces) it scans /proc once a second instead, only while rules are
/// active. With no rules it holds no subscription and arms no timer.
final class ProgramBlocker {
    /// How programs are blocked now, for the status snapshot.
    private(set) var mode: StatusSnapshot.ProgramBlocking = .none

    private let loop: EventLoop
    private let killer = ProcessKiller()
    private let scanTimer: BootTimer
    private let graceTimer: BootTimer
    private var rules = ProgramRules.empty
    /// `rules` with the files found under their names and the loaders (`ProgramLocations`).
    private var located = ExecRules.empty
    private var connector: ProcessConnector?
    private var refusal: ExecRefusal
    private var terminating: [TerminatingProcess] = []
    private let logger: Logger

    /// A blocker that registers its descriptors with `loop`.
    init(loop: EventLoop, logger: Logger, hooks: ExecGuardHooks = ExecGuardHooks()) throws {
        self.loop = loop
        self.logger = logger
        refusal = ExecRefusal(hooks: hooks)
        scanTimer = try BootTimer()
        graceTimer = try BootTimer()
        try loop.watch(scanTimer.fileDescriptor)
        try loop.watch(graceTimer.fileDescriptor)
    }

    /// Takes the rules of the sessions now active. New rules subscribe to
    /// exec events (or start the /proc scan) and send SIGTERM to matching
    /// programs already running; no rules end the subscription. Returns
    /// the matches of the programs signalled.
    /// With `refusingExecs` off (the policy's `exec_permission`), the guard stays off or stops.
    func update(_ new: ProgramRules, refusingExecs: Bool = true) -> [ProgramMatch] {
        guard new != rules || refusingExecs != refusal.allowed else { return [] }
        if refusingExecs != refusal.allowed {
            refusal.allowed = refusingExecs
            if !refusingExecs, refusal.guardian != nil {
                stopGuard()
                mode = connector == nil ? .procScan : .execEvents
            }
        }
        rules = new
        located = ProgramLocations.rules(for: new)
        guard !new.isEmpty else {
            stopWatching()
            return []
        }
        startWatching()
        guardExecs(located)
        // Scan after subscribing, so that no exec between the two is missed.
        let signalled = killer.terminate(ProcessSnapshot.scan(for: located), rules: located)
        terminating += signalled
        if !terminating.isEmpty { graceTimer.arm(after: ProcessKiller.terminationGrace) }
        return signalled.map(\.match)
    }

    /// Serves `fd` if it is one of the blocker's; nil when it is not.
    /// Returns the matches of the programs killed.
    func handle(_ fd: Int32) -> [ProgramMatch]? {
        if let connector, fd == connector.fileDescriptor { return record(drain(connector)) }
        if let guardian = refusal.guardian, fd == guardian.fileDescriptor {
            let (denials, fellBack) = guardian.collect()
            for denial in denials {
                logger.info(
                    "refused the exec of \(denial.match.program) by pid \(denial.pid) (uid \(denial.match.owner))")
            }
            if let fellBack {
                logger.warning("\(fellBack): the exec guard let go; blocked programs are killed at exec instead")
                refusal.unavailable = fellBack
                stopGuard()
                mode = connector == nil ? .procScan : .execEvents
            }
            return denials.map(\.match)
        }
        if fd == scanTimer.fileDescriptor {
            scanTimer.acknowledge()
            guard !rules.isEmpty else { return [] }
            scanTimer.arm(after: .seconds(1))
            return record(killer.kill(ProcessSnapshot.scan(for: located), rules: located))
        }
        if fd == graceTimer.fileDescriptor {
            graceTimer.acknowledge()
            let finished = killer.finish(terminating, rules: located)
            terminating = []
            return record(finished)
        }
        return nil
    }

    private func drain(_ connector: ProcessConnector) -> [ProgramKill] {
        var killed: [ProgramKill] = []
        do {
            while true {
                let batch = try connector.drain()
                killed += batch.execs.compactMap { killer.killIfBlocked(pid: $0.tgid, rules: located) }
                if batch.overflowed {
                    logger.warning("exec events were lost (ENOBUFS); scanning /proc")
                    killed += killer.kill(ProcessSnapshot.scan(for: located), rules: located)
                }
                if !batch.hasMore { return killed }
            }
        } catch {
            logger.warning("the process connector failed (\(error)); scanning /proc once a second instead")
            closeConnector()
            startScanning()
            return killed
        }
    }

    private func startWatching() {
        guard connector == nil, mode != .procScan else { return }
        let opened: ProcessConnector
        do {
            opened = try ProcessConnector()
        } catch {
            if !error.isUnavailable {
                logger.warning("the process connector could not be opened (\(error)); scanning /proc once a second")
            }
            return startScanning()
        }
        do {
            try loop.watch(opened.fileDescriptor)
        } catch {
            logger.warning("the process connector could not be watched (\(error)); scanning /proc once a second")
            opened.close()
            return startScanning()
        }
        connector = opened
        mode = .execEvents
    }

    private func startScanning() {
        mode = .procScan
        scanTimer.arm(after: .seconds(1))
    }

    /// Starts the exec guard for `rules`, or gives it the new rules; leaves
    /// it off when it could not start or let go before, until the rules end.
    private func guardExecs(_ execRules: ExecRules) {
        if let guardian = refusal.guardian { return guardian.update(execRules) }
        guard refusal.unavailable == nil, refusal.allowed else { return }
        let started: ExecGuard
        do {
            started = try ExecGuard(
                rules: execRules, answerDelay: refusal.hooks.answerDelay, ignoreMarkCap: refusal.hooks.ignoreMarkCap)
        } catch {
            refusal.unavailable = "\(error)"
            logger.notice(
                "programs cannot be refused before they run here (fanotify: \(error)); they are killed at exec")
            return
        }
        do {
            try loop.watch(started.fileDescriptor)
        } catch {
            started.stop()
            refusal.unavailable = "\(error)"
            logger.warning("the exec guard could not be watched (\(error)); blocked programs are killed at exec")
            return
        }
        let marks = started.marks
        let refused = marks.refused.isEmpty ? "" : "; not marked: " + marks.refused.joined(separator: ", ")
        logger.info(
            "refusing blocked programs before they run: \(marks.filesystems) filesystems and \(marks.mounts) mounts marked\(refused)"
        )
        refusal.guardian = started
        mode = .execPermission
    }

    private func stopGuard() {
        guard let guardian = refusal.guardian else { return }
        loop.unwatch(guardian.fileDescriptor)
        guardian.stop()
        refusal.guardian = nil
    }

    private func stopWatching() {
        stopGuard()
        refusal.unavailable = nil
        closeConnector()
        scanTimer.arm(after: nil)
        mode = .none
    }

    private func closeConnector() {
        guard let connector else { return }
        loop.unwatch(connector.fileDescriptor)
        connector.close()
        self.connector = nil
    }

    private func record(_ kills: [ProgramKill]) -> [ProgramMatch] {
        kills.map(\.match)
    }
}
