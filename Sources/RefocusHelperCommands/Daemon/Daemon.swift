import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusNetfilter

/// The enforcer daemon: one event loop that keeps every active session
/// enforced and lifts each on time. Its sources are a boot-time timer for
/// the next session end, a timer for re-resolving blocked names, a watch
/// for wall-clock changes, an inotify watch on /etc/hosts, the nftables
/// event group (changes by others to table `inet refocus`), the control
/// socket through which helper runs ask for a reconcile, and signals.
/// Every event ends in the one `Reconciler`; it keeps the `Firewall` (and
/// so owns table `inet refocus`) and the `AddressCache` for its whole life.
/// With no active session, no timer is armed: it sleeps until an event.
final class Daemon {
    /// How often blocked names are resolved again while sessions are active.
    static let resolveInterval: Duration = .seconds(15 * 60)
    /// How soon names whose answers were incomplete are asked again.
    static let retryInterval: Duration = .seconds(60)
    /// How often the status file's blocked-connection counts are refreshed
    /// while the firewall blocks something (refused packets are no event).
    static let countsInterval: Duration = .seconds(10)

    private let store: SessionStore
    private let hosts: HostsFile
    private var policy: Policy
    private let firewall: Firewall
    private let cache = AddressCache()
    private let loop: EventLoop
    private let endTimer: BootTimer
    private let resolveTimer: BootTimer
    private let clockWatch: ClockChangeWatch
    private let hostsWatch: FileWatch
    /// The ruleset's events; nil where netfilter is unavailable (then there is no table to watch).
    private let nftMonitor: NftMonitor?
    private let signals: SignalWatch
    private let control: ControlSocket
    private let status = StatusFile()
    private let blocker: ProgramBlocker
    private let countsTimer: BootTimer
    private var blockedAttempts = BlockedAttempts()
    /// The last reconcile's report, for status updates between reconciles.
    private var lastReport: Reconciler.Report?
    /// Programs killed (or sent SIGTERM) per session since the daemon started.
    private var killsBySession: [Int64: Int] = [:]
    /// When each owner was last notified of each program, to keep a kill storm to one notification.
    private var lastNotified: [String: ContinuousClock.Instant] = [:]
    private let log: (String) -> Void
    private var exitRequested = false
    /// Whether the last reconcile left nothing to enforce.
    private var idle = false

    /// Sets up every source; the caller holds the daemon lock.
    init(log: @escaping (String) -> Void) throws {
        self.log = log
        store = try SessionStore()
        hosts = HostsFile()
        policy = try PolicyFile.load()
        firewall = Firewall(tableName: policy.nftablesTable)
        loop = try EventLoop()
        endTimer = try BootTimer()
        resolveTimer = try BootTimer()
        clockWatch = try ClockChangeWatch()
        hostsWatch = try FileWatch(hosts.path)
        nftMonitor = try firewall.nftables.map { nftables throws(NftablesError) in
            try NftMonitor(ownPortIDs: [nftables.portID], tableName: nftables.tableName)
        }
        signals = try SignalWatch([SIGTERM, SIGINT, SIGHUP, SIGCHLD])
        control = try ControlSocket()
        blocker = try ProgramBlocker(loop: loop, log: log)
        countsTimer = try BootTimer()
        try loop.watch(countsTimer.fileDescriptor)
        for fd in [endTimer.fileDescriptor, resolveTimer.fileDescriptor, clockWatch.fileDescriptor,
                   hostsWatch.fileDescriptor, signals.fileDescriptor, control.fileDescriptor]
            + (nftMonitor.map { [$0.fileDescriptor] } ?? []) {
            try loop.watch(fd)
        }
    }

    /// Reconciles at once (sessions that ended while the machine was off are
    /// closed), then serves events until SIGTERM, SIGINT or an `exit`
    /// command. Exiting lifts nothing: the table stays (PERSIST) and so does
    /// the hosts section.
    func run() throws {
        _ = reconcile(reason: "start")
        if !idle { giveBackMemory() }
        while !exitRequested {
            var wanted = false
            var killedSome = false
            var connections: [ControlSocket.Connection] = []
            for fd in try loop.wait() {
                switch fd {
                case endTimer.fileDescriptor:
                    endTimer.acknowledge()
                    wanted = true
                case resolveTimer.fileDescriptor:
                    resolveTimer.acknowledge()
                    cache.forgetAll()
                    wanted = true
                case countsTimer.fileDescriptor:
                    countsTimer.acknowledge()
                    countsTimer.arm(after: Self.countsInterval)
                    if let lastReport { publish(lastReport) }
                case clockWatch.fileDescriptor:
                    clockWatch.acknowledge()
                    wanted = true
                case hostsWatch.fileDescriptor:
                    wanted = hostsWatch.drain() || wanted
                case nftMonitor?.fileDescriptor:
                    wanted = tableNeedsRepair() || wanted
                case signals.fileDescriptor:
                    wanted = handleSignals() || wanted
                case control.fileDescriptor:
                    while connections.count < ControlSocket.acceptBatch, let connection = control.accept() {
                        connections.append(connection)
                    }
                default:
                    if let killed = blocker.handle(fd), !killed.isEmpty {
                        record(killed)
                        killedSome = true
                    }
                }
            }
            serve(connections, reconcileFirst: wanted)
            if killedSome && !wanted && connections.isEmpty, let lastReport { publish(lastReport) }
        }
        // Before the daemon lock is released: no helper run may connect to a daemon on its way out.
        control.shutDown()
        log("exiting; blocks stay in place until the next daemon or helper run")
    }

    /// Answers helper runs; one reconcile serves every connection and event
    /// of this wake-up. Their commands are read together within
    /// `ControlSocket.commandDeadline` and answers sent without waiting: a
    /// stopped or slow helper run never holds up the loop.
    private func serve(_ connections: [ControlSocket.Connection], reconcileFirst wanted: Bool) {
        let commands = Array(zip(connections, ControlSocket.commands(of: connections)))
        if commands.contains(where: { $0.1 == "exit" }) { exitRequested = true }
        guard wanted || commands.contains(where: { $0.1 == "reconcile" }) else {
            for (connection, _) in commands { connection.answer(DaemonAnswer(failure: "unknown command").bytes) }
            return
        }
        let answer = reconcile(reason: commands.isEmpty ? "event" : "request")
        for (connection, command) in commands {
            connection.answer(command == "reconcile" || command == "exit" ? answer.bytes
                : DaemonAnswer(failure: "unknown command").bytes)
        }
    }

    /// Whether someone else's ruleset change (or lost events) left the table
    /// other than the firewall last applied it.
    private func tableNeedsRepair() -> Bool {
        do {
            guard let nftMonitor, try nftMonitor.drain().needsTableCheck else { return false }
            return try !firewall.verify()
        } catch {
            log("the nftables monitor failed: \(error)")
            firewall.forget()
            return true
        }
    }

    /// SIGTERM and SIGINT end the loop; SIGHUP reloads the policy. Returns whether to reconcile.
    private func handleSignals() -> Bool {
        var wanted = false
        for signal in signals.drain() {
            if signal == SIGCHLD {
                // Notifiers started for owners: reap them.
                while waitpid(-1, nil, WNOHANG) > 0 {}
            } else if signal == SIGHUP {
                do {
                    policy = try PolicyFile.load()
                    wanted = true
                    if policy.nftablesTable != firewall.tableName {
                        log("nftables_table = \"\(policy.nftablesTable)\" takes effect when the daemon restarts; "
                            + "table inet \(firewall.tableName) is kept until then")
                    }
                } catch {
                    log("the policy was not reloaded: \(error)")
                }
            } else {
                exitRequested = true
            }
        }
        return wanted
    }

    /// One reconcile; failures are logged and answered, never fatal.
    private func reconcile(reason: String) -> DaemonAnswer {
        let clock = SystemClock.read()
        let hitsBefore = hits()
        do {
            let report = try Reconciler(store: store, hosts: hosts, policy: policy)
                .reconcile(clock: clock, firewall: firewall, cache: cache)
            if report.firewallChanged {
                // The new table's counters start at zero: keep what the old one counted.
                blockedAttempts.carry(hitsBefore, sessions: lastReport?.active ?? [], policy: policy, cache: cache)
            }
            if report.hostsChanged {
                // Our own rename's events: reacting to them could read the file while
                // someone else is rewriting it in place, and lose their bytes.
                _ = hostsWatch.drain()
            }
            armTimers(report, clock: clock)
            lastReport = report
            record(blocker.update(ProgramRules(report.desired)))
            publish(report)
            if report.active.isEmpty != idle {
                idle.toggle()
                if idle { giveBackMemory() }
            }
            for note in report.notes { log(note) }
            for session in report.expired { log("session \(session.id ?? 0) ended at its planned end") }
            return DaemonAnswer(report)
        } catch {
            log("reconcile (\(reason)) failed: \(error)")
            endTimer.arm(after: .seconds(5))
            return DaemonAnswer(failure: error)
        }
    }

    /// Returns what start-up and the last sessions left mapped but unused:
    /// the clean code pages (see `CleanCodePages`) and the heap's free memory.
    /// Done at start and each time the daemon becomes idle, so an idle daemon
    /// holds only what it runs.
    private func giveBackMemory() {
        let released = CleanCodePages.release()
        Heap.trim()
        log("gave back \(released.kibibytes) KiB of code pages (\(released.mappings) mappings)")
    }

    /// Refused packets per destination, from the table's hits sets; none when there is no table.
    private func hits() -> [IPAddress: UInt64] {
        (try? firewall.nftables?.hitCounters()) ?? [:]
    }

    /// Publishes what is enforced in the status file (when it changed).
    private func publish(_ report: Reconciler.Report) {
        let programs = report.desired.programs.values.reduce(0) { $0 + $1.count }
        let refused = blockedAttempts.totals(hits(), sessions: report.active, policy: policy, cache: cache)
        let snapshot = StatusSnapshot(
            sessions: report.active.map {
                StatusSnapshot.ActiveSession($0.summary, blockedAttempts: refused[$0.id ?? 0] ?? 0,
                                             programsKilled: killsBySession[$0.id ?? 0] ?? 0)
            },
            counts: StatusSnapshot.Counts(names: report.desired.hostsNames.count, addresses: report.firewallEntries,
                                          programs: programs, programBlocking: blocker.mode,
                                          firewall: report.firewallLayer))
        do {
            try status.publish(snapshot)
        } catch {
            log("the status file was not written: \(error)")
        }
    }

    /// Counts kills against the owner's session that blocks the program, and
    /// tells the owner (at most once per program every 10 s).
    private func record(_ matches: [ProgramMatch]) {
        let now = ContinuousClock.now
        for match in matches {
            let session = lastReport?.active.first { $0.owner == match.owner && $0.programs.contains(match.program) }
            if let id = session?.id { killsBySession[id, default: 0] += 1 }
            log("stopped \(match.program) of uid \(match.owner) (matched its \(match.field.rawValue))")
            let key = "\(match.owner) \(match.program)"
            if let last = lastNotified[key], now - last < .seconds(10) { continue }
            lastNotified[key] = now
            OwnerNotification.send(to: match.owner, title: "ReFocus blocked \(match.program)",
                                   body: "It is on a block list of your focus session"
                                       + (session.map { " (\($0.lists.map(\.rawValue).joined(separator: ", ")))" } ?? "") + ".")
        }
    }

    /// The next session end on the boot-time clock; re-resolution while names are blocked.
    private func armTimers(_ report: Reconciler.Report, clock: ClockReading) {
        let nextEnd = report.active.map(\.plannedEnd).min()
        endTimer.arm(after: nextEnd.map { .milliseconds(max(0, Int64(($0.timeIntervalSince(clock.wall) * 1000).rounded(.up)))) })
        countsTimer.arm(after: report.firewallEntries == 0 ? nil : Self.countsInterval)
        resolveTimer.arm(after: report.desired.namesToResolve.isEmpty ? nil
            : cache.incompleteCount > 0 ? Self.retryInterval : Self.resolveInterval)
    }
}
