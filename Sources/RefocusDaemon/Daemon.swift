import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// The enforcer daemon: one event loop (`DaemonSources`) that keeps every
/// active session enforced and lifts each on time (and each pomodoro phase
/// on time: one boot-time timer for the next change). Every event ends in the
/// one `Reconciler`, whose layers (`SystemLayers`, then the `ProgramBlocker`,
/// which refuses and kills blocked programs) live as long as the daemon: its
/// table layer keeps the `Firewall` (and so owns table `inet refocus`) and
/// the `AddressCache`. The watches, timers and status come from the layers'
/// outcomes in the report: the `StatusPublisher` tells
/// people what is enforced, with what each session blocked (`BlockedTally`,
/// kept in the store); the `SessionHerald` tells owners of their
/// sessions' starts, phase changes and ends; the `AllowanceMeter` counts daily allowances of programs
/// and asks for a reconcile when one is used up. With no active session, no timer is armed: it
/// sleeps until an event. Everything it works with comes in `DaemonParts`
/// (the system's, or a test's fakes), and its loop is `start`, a `wake`
/// per readiness, and `finish`, so that a test drives it event by event.
package final class Daemon {
    /// How often blocked names are resolved again while sessions are active.
    static let resolveInterval: Duration = .seconds(15 * 60)
    /// How soon names whose answers were incomplete are asked again.
    static let retryInterval: Duration = .seconds(60)
    /// How often the status file's blocked-connection counts are refreshed
    /// while the firewall blocks something (refused packets are no event).
    static let countsInterval: Duration = .seconds(10)

    let reconciler: Reconciler
    /// The table layer's caches, name and counters.
    let firewall: any DaemonFirewall
    let sources: DaemonSources
    private let blocker: any DaemonProgramBlocker
    private let meter: any DaemonAllowanceMeter
    private let publisher: StatusPublisher
    private let tally: BlockedTally
    private let herald: any DaemonHerald
    let host: DaemonHost
    let logger: Logger
    /// The last reconcile's report, for status updates between reconciles.
    private var lastReport: Reconciler.Report?
    /// Whether SIGTERM, SIGINT or an `exit` command ended the loop.
    var exitRequested = false
    /// Whether the last reconcile left nothing to enforce.
    private var idle = false
    /// When a change in the administrator's folders becomes a reload.
    var quietReload = QuietReload()

    /// The daemon over the system's parts (`DaemonParts.system`); the caller holds the daemon lock.
    package convenience init(logger: Logger) throws {
        try self.init(parts: .system(logger: logger), logger: logger)
    }

    /// The daemon over `parts`: the reconciler runs their layers, then the blocker.
    init(parts: DaemonParts, logger: Logger) {
        self.logger = logger
        firewall = parts.firewall
        sources = parts.sources
        blocker = parts.blocker
        meter = parts.meter
        host = parts.host
        reconciler = Reconciler(
            store: parts.store, policy: parts.policy, layers: parts.layers + [parts.blocker],
            resolverModule: parts.host.resolverModule, targets: parts.host.targets.targets)
        publisher = StatusPublisher(status: parts.status, notify: parts.notify, logger: logger)
        tally = BlockedTally(store: reconciler.store, logger: logger)
        herald = parts.herald
    }

    /// Reconciles at once (sessions that ended while the machine was off are
    /// closed), then serves events until SIGTERM, SIGINT or an `exit`
    /// command. Exiting lifts nothing: the table stays (PERSIST) and so does
    /// the hosts section.
    package func run() throws {
        start()
        while !exitRequested {
            wake(try sources.wait())
        }
        finish()
    }

    /// The first reconcile, and systemd told the daemon is ready.
    func start() {
        loadSchedules()
        _ = reconcile(reason: "start")
        // Under systemd (Type=notify): started once the first reconcile is done, so that the network comes after it.
        if let failure = host.notifyReady() {
            logger.warning("systemd was not told the daemon is ready: \(failure)")
        }
        // What starting touched (the runtime, the first reconcile) is given back, active or idle.
        host.giveBackMemory()
    }

    /// Serves one wake-up of the loop: the descriptors `ready` reported, then
    /// the helper runs that connected, with one reconcile for all that want one.
    func wake(_ ready: [Int32]) {
        var wanted = false
        var killedSome = false
        var connections: [any DaemonConnection] = []
        for fd in ready {
            switch fd {
            case sources.endTimer.fileDescriptor:
                sources.endTimer.acknowledge()
                wanted = true
            case sources.resolveTimer.fileDescriptor:
                sources.resolveTimer.acknowledge()
                firewall.cache.forgetAll()
                firewall.allowedCache.expireAll()
                wanted = true
            case sources.hookTimer.fileDescriptor:
                sources.hookTimer.acknowledge()
                herald.killOverdueHooks()
                sources.hookTimer.arm(after: herald.nextBackstop)
            case sources.countsTimer.fileDescriptor:
                sources.countsTimer.acknowledge()
                sources.countsTimer.arm(after: Self.countsInterval)
                if let lastReport { publish(lastReport) }
            case sources.clockWatch.fileDescriptor:
                sources.clockWatch.acknowledge()
                wanted = true
            case sources.hostsWatch.fileDescriptor:
                wanted = sources.hostsWatch.drain() || wanted
            case sources.indexWatch.fileDescriptor:
                wanted = sources.indexWatch.drain() || wanted
            case sources.browserWatch.fileDescriptor:
                wanted = sources.browserWatch.drain() || wanted
            case sources.administratorWatch.fileDescriptor, sources.reloadTimer.fileDescriptor:
                wanted = administratorFolders(ready: fd) || wanted
            case sources.tableWatch?.fileDescriptor:
                wanted = tableNeedsRepair() || wanted
            case sources.signals.fileDescriptor:
                wanted = handleSignals() || wanted
            case sources.control.fileDescriptor:
                while connections.count < ControlSocket.acceptBatch, let connection = sources.control.accept() {
                    connections.append(connection)
                }
            default:
                if let metered = meter.handle(fd) {
                    (wanted, killedSome) = (wanted || metered.reconcile, killedSome || metered.republish)
                    continue
                }
                let mode = blocker.mode
                if let killed = blocker.handle(fd), !killed.isEmpty {
                    tally.record(killed, active: lastReport?.active ?? [], inForce: lastReport?.administered ?? [])
                    publisher.record(killed, active: lastReport?.active ?? [], allowances: lastReport?.allowances ?? [])
                    killedSome = true
                }
                // The exec guard let go: the status file says how programs are blocked now.
                if blocker.mode != mode { killedSome = true }
            }
        }
        serve(connections, reconcileFirst: wanted)
        if killedSome && !wanted && connections.isEmpty, let lastReport { publish(lastReport) }
        // Last, once the answers are sent and the end announced: whatever this
        // wake-up touched while no session runs (a session's end, a helper's
        // request, a hook's exit) is given back before the loop sleeps again.
        if idle { host.giveBackMemory() }
    }

    /// Closes the control socket and keeps the last counts: the loop ended.
    func finish() {
        // Before the daemon lock is released: no helper run may connect to a daemon on its way out.
        sources.control.shutDown()
        if let lastReport { keepCounts(of: lastReport) }
        meter.finish()
        logger.info("exiting; blocks stay in place until the next daemon or helper run")
    }

    /// Answers helper runs; one reconcile serves every connection and event
    /// of this wake-up. Their commands are read together within
    /// `ControlSocket.commandDeadline` and answers sent without waiting: a
    /// stopped or slow helper run never holds up the loop.
    private func serve(_ connections: [any DaemonConnection], reconcileFirst wanted: Bool) {
        let commands = sources.control.commands(of: connections).map { $0.flatMap(DaemonCommand.init(rawValue:)) }
        let plan = DaemonCommand.Plan(commands, eventsWant: wanted)
        if plan.exit { exitRequested = true }
        if plan.reload { reloadPolicy() }
        let answer = plan.reconcile ? reconcile(reason: connections.isEmpty ? "event" : "request") : nil
        for (connection, command) in zip(connections, commands) {
            connection.answer((command == nil ? nil : answer)?.bytes ?? DaemonAnswer(failure: "unknown command").bytes)
        }
    }

    /// Whether someone else's ruleset change (or lost events) left the table
    /// other than the firewall last applied it.
    private func tableNeedsRepair() -> Bool {
        do {
            return try sources.tableWatch?.needsRepair() ?? false
        } catch {
            logger.error("the nftables monitor failed: \(error)")
            return true
        }
    }

    /// Reaps the notifiers and hook runners started for owners; a hook's
    /// report that changes the status file is published.
    func reapChildren() {
        var changed = false
        while let child = host.reapChild() {
            changed = herald.reaped(pid: child.pid, status: child.status, at: Date()) || changed
        }
        sources.hookTimer.arm(after: herald.nextBackstop)
        if changed, let lastReport { publish(lastReport) }
    }

    /// One reconcile; failures are logged and answered, never fatal.
    private func reconcile(reason: String) -> DaemonAnswer {
        let countedBefore = tableCounts()
        do {
            let clock = try host.readClock(reconciler.store)
            refreshTargets(sinceBoot: clock.sinceBoot)
            let report = try reconciler.reconcile(clock: clock, system: host.protections())
            let next = DaemonFollowUp(
                report, previous: lastReport, clock: clock,
                allowedExpiry: firewall.allowedCache.nextExpiry,
                incompleteAnswers: firewall.cache.incompleteCount)
            // The final counts of the sessions this reconcile (or a helper run's stop or clear) ended.
            let final = tally.counts(
                countedBefore, sessions: next.ended, policy: reconciler.policy, cache: firewall.cache)
            // Before a carry: the windows in force until now get what they blocked until now.
            tally.keepAdministered(countedBefore, inForce: lastReport?.administered ?? [])
            if next.carriesCounts {
                // The new table's counters start at zero: keep what the old one counted.
                tally.carry(
                    countedBefore, sessions: lastReport?.active ?? [], policy: reconciler.policy,
                    cache: firewall.cache)
            }
            tally.settle(final)
            // Our own rename's events: reacting to them could read the file while someone else is
            // rewriting it in place, and lose their bytes. Someone's change that landed after our
            // rename is not ours: it gets a reconcile of its own, at once (below).
            let changedSinceOurWrite = next.drainsHostsWatch && sources.hostsWatch.drainOwnWrite()
            // Our own writes of the resolver module's index and of the browser policies are not
            // drained: a change that lands between our write and a drain (a chmod of the index, an
            // edit of a policy) would be lost with them. Their events cost one more reconcile, which
            // finds the files right and writes nothing.
            sources.browserWatch.watch(next.watchedFolders)
            sources.endTimer.arm(after: changedSinceOurWrite ? DaemonFollowUp.reconcileAtOnce : next.endTimer)
            sources.countsTimer.arm(after: next.countsTimer)
            sources.resolveTimer.arm(after: next.resolveTimer)
            lastReport = report
            // One used up as it took them (a lower daily length than it counted) is blocked by the next.
            if meter.update(report.allowances, at: clock, siteStep: .seconds(reconciler.policy.allowanceSiteStep)) {
                sources.endTimer.arm(after: DaemonFollowUp.reconcileAtOnce)
            }
            tally.record(next.signalled, active: report.active, inForce: report.administered)
            publisher.record(next.signalled, active: report.active, allowances: report.allowances)
            publish(report)
            for line in next.notices { logger.notice("\(line)") }
            for line in next.endings { logger.info("\(line)") }
            herald.keepProblems(of: report.active)
            herald.announce(now: clock.wall)
            sources.hookTimer.arm(after: herald.nextBackstop)
            idle = report.active.isEmpty
            var answer = DaemonAnswer(report)
            answer.allowances = meter.summaries(of: report.allowances, at: clock)
            if let reason = meter.unavailable, !report.allowances.isEmpty {
                answer.notes.append(.remark("daily allowances of programs are not counted here: \(reason)"))
            }
            if let reason = meter.sitesUnavailable, !report.allowances.isEmpty {
                answer.notes.append(.remark("daily allowances' sites are not counted here: \(reason)"))
            }
            return answer
        } catch {
            logger.error("reconcile (\(reason)) failed: \(error)")
            sources.endTimer.arm(after: .seconds(5))
            return DaemonAnswer(failure: error)
        }
    }

    /// What the table refused since it was last replaced; nothing when there is no table.
    /// The rules are read per uid only while an allowlist session runs or something is blocked per user.
    private func tableCounts() -> TableCounts {
        firewall.counts(
            byUid: lastReport.map { $0.active.contains { $0.mode == .allow } || !$0.desired.userBlocks.isEmpty }
                ?? false)
    }

    /// Publishes what `report` enforces, with the live counts, and keeps the counts that changed in the store.
    private func publish(_ report: Reconciler.Report) {
        let counts = keepCounts(of: report)
        publisher.publish(
            report, counts: counts, programBlocking: blocker.mode, hookProblems: herald.hookProblems,
            allowances: meter.summaries(of: report.allowances, at: SystemClock.read()))
    }

    /// The blocked counts of `report`'s sessions with the live counters, kept in the store where they
    /// changed, and what its administrator's windows blocked added.
    @discardableResult
    private func keepCounts(of report: Reconciler.Report) -> [Int64: BlockedCounts] {
        let counted = tableCounts()
        let counts = tally.counts(counted, sessions: report.active, policy: reconciler.policy, cache: firewall.cache)
        tally.keep(counts)
        tally.keepAdministered(counted, inForce: report.administered)
        return counts
    }
}
