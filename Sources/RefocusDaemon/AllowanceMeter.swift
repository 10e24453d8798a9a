import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusNetfilter
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// The daemon's meter of daily allowances: counts the time a program of an
/// open allowance's list runs as its owner, and the steps in which the
/// owner's traffic reached its sites (`AllowanceTally`, on the boot clock),
/// tells the owner at 5 minutes left and when the day's
/// allowance is used, and then asks for a reconcile, which blocks the list
/// until the reset (`AllowanceDay.blockingSession`).
///
/// No polling. While an allowance with programs is open it holds a
/// subscription to the kernel's process connector of its own (exec events)
/// and finds the programs already running in /proc (again when a counted
/// process exits: its forked children run on without an exec), matched exactly as the
/// program blocker matches them (`ProgramLocations`, `ExecRules`, the real
/// uid of the owner); each counted process is watched through its pidfd,
/// readable when it exits. One boot-time timer is armed only while
/// something counts: for the moment an allowance would be spent, 5 minutes
/// before, and its reset. The use is written to the store when a run ends,
/// when an allowance is spent, when its day ends and when the daemon
/// stops. Where the connector is unavailable (another network or PID
/// namespace) no program is counted, and the log says so.
///
/// Sites (`AllowanceMeter+Sites`): while an open allowance has sites, the
/// table meters its owner's traffic to them (`MeteredTraffic`) and the meter
/// listens to the table's log group (`NflogListener`): each message, at
/// most one a step per allowance, counts the step from its arrival on.
final class AllowanceMeter {
    let loop: EventLoop
    private let store: SessionStore
    let logger: Logger
    let timer: BootTimer
    /// Tells an owner of their allowance (`SessionHerald.tellAllowance`): the notice, the owner, a word for the log.
    private let tell: (SessionNotice, UInt32, String) -> Void
    /// The clocks now.
    private let clock: () -> ClockReading
    var tally = AllowanceTally()
    /// The open allowances with programs as of the last reconcile, by key.
    var open: [AllowanceTally.Key: AllowanceDay] = [:]
    /// Their programs by owner, with the files found under their names.
    var rules = ExecRules.empty
    var connector: ProcessConnector?
    /// The counted processes' pidfds, by pid, and their pids by descriptor.
    var handles: [Int32: ProcessHandle] = [:]
    var pids: [Int32: Int32] = [:]
    /// The owner of each watched process, by pid; at most `maximumWatchedPerOwner` each.
    var owners: [Int32: UInt32] = [:]
    /// The owners told of in the log that they run more than that (once, until one of theirs ends).
    var crowded: Set<UInt32> = []
    /// The most processes of one owner watched at once: each costs root's daemon a descriptor.
    let maximumWatchedPerOwner: Int
    /// Why nothing can be counted here (the connector is unavailable); nil while it counts.
    var unavailable: String?
    /// The listener of the table's log group while an open allowance has sites.
    var listener: NflogListener?
    /// Why sites cannot be counted here (the log group could not be bound); nil while they can.
    var sitesUnavailable: String?
    /// The step a message of an allowance's sites counts (the policy's `allowance_site_step`).
    var siteStep: Duration = .seconds(60)

    /// A meter that registers its descriptors with `loop`, keeps use in `store` and tells owners through `tell`.
    init(
        loop: EventLoop, store: SessionStore, logger: Logger,
        tell: @escaping (SessionNotice, UInt32, String) -> Void,
        clock: @escaping () -> ClockReading = { SystemClock.read() }, maximumWatchedPerOwner: Int = 256
    ) throws {
        self.maximumWatchedPerOwner = maximumWatchedPerOwner
        self.loop = loop
        self.store = store
        self.logger = logger
        self.tell = tell
        self.clock = clock
        timer = try BootTimer()
        try loop.watch(timer.fileDescriptor)
    }

    /// Takes the allowances a reconcile found at `reading`: the open ones
    /// with programs are counted, the others no longer (their use kept); a
    /// new day of one counted already starts from zero. Returns whether
    /// another reconcile is wanted: one was used up meanwhile (its daily
    /// length lowered below what it counted).
    func update(_ days: [AllowanceDay], at reading: ClockReading, siteStep: Duration) -> Bool {
        let now = reading.sinceBoot
        self.siteStep = siteStep
        var next: [AllowanceTally.Key: AllowanceDay] = [:]
        for day in days where !day.isSpent && (!day.allowance.list.programs.isEmpty || day.hasSites) {
            next[AllowanceTally.Key(owner: day.allowance.owner, list: day.allowance.name)] = day
        }
        for (key, day) in open where next[key] == nil {
            if let used = tally.close(key, at: now) { keep(used, of: key, on: day) }
        }
        for (key, day) in next {
            if let before = open[key], before.period.day != day.period.day,
                let used = tally.beginDay(key, at: now)
            {
                keep(used, of: key, on: before)
            }
            tally.open(key, dailySeconds: day.allowance.allowance.dailySeconds, usedSeconds: day.usedSeconds)
        }
        open = next
        let programs = next.values.reduce(into: [UInt32: Set<ProgramName>]()) {
            $0[$1.allowance.owner, default: []].formUnion($1.allowance.list.programs)
        }
        let names = ProgramRules(programs)
        if names != rules.names {
            rules = ProgramLocations.rules(for: names)
            if names.isEmpty {
                stopWatching()
            } else {
                startWatching()
                // After subscribing, so that no exec between the two is missed.
                if connector != nil { for process in ProcessSnapshot.scan(for: rules) { count(process.pid, at: now) } }
            }
        }
        if next.values.contains(where: \.hasSites) { startListening() } else { stopListening() }
        // Processes that count for no open allowance any more are let go.
        for pid in Array(handles.keys) where !tally.processes.contains(pid) { release(pid) }
        return evaluate(at: reading)
    }

    /// Serves `fd` if it is one of the meter's (nil when it is not): whether
    /// a reconcile is wanted (an allowance was spent or its day ended) and
    /// whether the status file changed (counting began or stopped).
    func handle(_ fd: Int32) -> (reconcile: Bool, republish: Bool)? {
        // The program blocker's descriptors come here first: they cost a comparison, not a clock reading.
        guard
            fd == timer.fileDescriptor || fd == connector?.fileDescriptor || fd == listener?.fileDescriptor
                || pids[fd] != nil
        else { return nil }
        let reading = clock()
        let counting = countingKeys
        if fd == timer.fileDescriptor {
            timer.acknowledge()
        } else if let connector, fd == connector.fileDescriptor {
            drain(connector, at: reading.sinceBoot)
        } else if let listener, fd == listener.fileDescriptor {
            drainSites(listener, at: reading.sinceBoot)
        } else if let pid = pids[fd] {
            for key in tally.ended(pid: pid, at: reading.sinceBoot) { keepCurrent(key, at: reading.sinceBoot) }
            release(pid)
            // A program that forked and let its first process end (a daemon's double fork) runs on in the
            // children, which made no exec of their own: a look in /proc finds them, and they count from now.
            for process in ProcessSnapshot.scan(for: rules) where handles[process.pid] == nil {
                count(process.pid, at: reading.sinceBoot)
            }
        } else {
            return nil
        }
        let reconcile = evaluate(at: reading)
        return (reconcile, reconcile || countingKeys != counting)
    }

    /// What the status file and the helper report of `days` at `reading`:
    /// the store's use, or the meter's for an allowance it counts (its
    /// `usedSeconds` then the use before the current run, and
    /// `countingSince` the wall-clock moment that run began).
    func summaries(of days: [AllowanceDay], at reading: ClockReading) -> [AllowanceSummary] {
        days.map { day in
            let key = AllowanceTally.Key(owner: day.allowance.owner, list: day.allowance.name)
            guard let meter = tally.meters[key] else {
                return day.summary(at: reading.wall)
            }
            let countingSince = meter.runningSince.map {
                Date(
                    timeIntervalSince1970: (reading.wall.timeIntervalSince1970 - Self.seconds(reading.sinceBoot - $0))
                        .rounded(.down))
            }
            let before = Int(Self.seconds(meter.used))
            return day.summary(at: reading.wall, used: max(before, day.usedSeconds), countingSince: countingSince)
        }
    }

    /// Keeps the use of every allowance counted now: the daemon stops.
    func finish() {
        let now = clock().sinceBoot
        for key in countingKeys { keepCurrent(key, at: now) }
        stopWatching()
        stopListening()
        timer.arm(after: nil)
    }

    /// The allowances counting now.
    var countingKeys: Set<AllowanceTally.Key> {
        Set(tally.meters.filter { $0.value.runningSince != nil }.keys)
    }

    /// Tells of warnings and spent allowances at `reading`, keeps the use of
    /// the spent ones and arms the timer; returns whether a reconcile is wanted.
    private func evaluate(at reading: ClockReading) -> Bool {
        let now = reading.sinceBoot
        // Runs of sites whose step ended with no program running: their use is kept.
        for key in tally.settle(at: now) { keepCurrent(key, at: now) }
        for key in tally.crossedWarning(at: now) {
            tell(AllowanceNotice.fewMinutesLeft(key.list), key.owner, "'\(key.list)' has 5 minutes left")
        }
        var reconcile = false
        let zone = MachineTimeZone.current
        for key in tally.spent(at: now) {
            guard let day = open[key] else { continue }
            tally.close(key, at: now)
            keep(.seconds(day.allowance.allowance.dailySeconds), of: key, on: day)
            open[key] = nil
            tell(
                AllowanceNotice.spent(key.list, resetsAt: day.period.resetsAt, zone: zone), key.owner,
                "'\(key.list)' is used for today")
            reconcile = true
        }
        // A counted allowance's day ends at its reset: the reconcile starts the next day.
        let counting = countingKeys
        let resets = open.filter { counting.contains($0.key) }.map { $0.value.period.resetsAt }
        if resets.contains(where: { $0 <= reading.wall }) { reconcile = true }
        let untilReset = resets.min().map { Duration.seconds(max(0, $0.timeIntervalSince(reading.wall))) }
        timer.arm(after: [tally.nextDeadline(at: now), untilReset].compactMap { $0 }.min())
        return reconcile
    }

    /// Keeps the use `key` has at `now` (a run ended, or the daemon stops).
    func keepCurrent(_ key: AllowanceTally.Key, at now: Duration) {
        guard let day = open[key], let used = tally.used(key, at: now) else { return }
        keep(used, of: key, on: day)
    }

    /// Writes `used` as the use of `key` on `day`'s day; a failure is logged (the meter keeps counting).
    private func keep(_ used: Duration, of key: AllowanceTally.Key, on day: AllowanceDay) {
        let seconds = Int(Self.seconds(used))
        do {
            try store.write { try $0.keepUse(owner: key.owner, list: key.list, day: day.period.day, seconds: seconds) }
        } catch {
            logger.error("the use of the allowance '\(key.list)' of uid \(key.owner) was not kept: \(error)")
        }
    }

    /// `duration` in seconds, with its fraction.
    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
