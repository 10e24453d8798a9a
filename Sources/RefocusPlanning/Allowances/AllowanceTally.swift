import RefocusCore

/// The daemon's count of daily allowances in use, apart from any process
/// or clock: which counted processes run for which allowance, and the time
/// used on the boot clock (`Duration` since boot), so that setting the
/// wall clock neither adds nor takes away use.
///
/// An allowance counts while at least one of its processes runs, or
/// while a step of its sites' traffic lasts (`visited`): two at once count
/// once. A process of a program on two lists counts for both.
public struct AllowanceTally: Sendable, Equatable {
    /// An allowance: its owner and list.
    public struct Key: Hashable, Sendable, Comparable {
        /// The owner's uid.
        public let owner: UInt32
        /// The list's name.
        public let list: BlockListName

        /// Makes a key.
        public init(owner: UInt32, list: BlockListName) {
            self.owner = owner
            self.list = list
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.owner, lhs.list) < (rhs.owner, rhs.list)
        }
    }

    /// One open allowance's count.
    public struct Meter: Sendable, Equatable {
        /// The use allowed a day.
        public var daily: Duration
        /// The use counted before the current run.
        public var used: Duration
        /// When the current run began on the boot clock; nil when nothing runs.
        public var runningSince: Duration?
        /// The processes counted now.
        public var processes: Set<Int32> = []
        /// Until when its sites' last step counts, on the boot clock; nil when none was taken.
        public var sitesUntil: Duration?
        /// Whether the owner was told that 5 minutes are left (or fewer were left when counting began).
        public var warned: Bool
    }

    /// The time left at which the owner is told (only for allowances longer than it).
    public static let warning: Duration = .seconds(300)

    /// The open allowances' counts.
    public private(set) var meters: [Key: Meter] = [:]

    /// An empty tally.
    public init() {}

    /// Counts allowance `key` of `dailySeconds` a day, of which `usedSeconds`
    /// were used (the store's count) when it is new; one counted already
    /// takes the daily length only and keeps its own count and processes.
    public mutating func open(_ key: Key, dailySeconds: Int, usedSeconds: Int) {
        let daily = Duration.seconds(dailySeconds)
        if var meter = meters[key] {
            meter.daily = daily
            meters[key] = meter
            return
        }
        let used = Duration.seconds(usedSeconds)
        meters[key] = Meter(daily: daily, used: used, warned: daily <= Self.warning || used >= daily - Self.warning)
    }

    /// A new day of `key` begins at `now`: its use starts from zero, its
    /// processes that run go on counting from `now`; returns the use of the day that ended.
    @discardableResult
    public mutating func beginDay(_ key: Key, at now: Duration) -> Duration? {
        guard var meter = meters[key], let used = self.used(key, at: now) else { return nil }
        meter.used = .zero
        let visiting = meter.sitesUntil.map { $0 > now } ?? false
        meter.runningSince = meter.processes.isEmpty && !visiting ? nil : now
        meter.warned = meter.daily <= Self.warning
        meters[key] = meter
        return used
    }

    /// Stops counting `key` (spent, removed, or its day ended); returns the use it had at `now`.
    @discardableResult
    public mutating func close(_ key: Key, at now: Duration) -> Duration? {
        let used = self.used(key, at: now)
        meters[key] = nil
        return used
    }

    /// Process `pid` runs a program of the allowances `keys` from `now` on;
    /// returns those that began counting.
    @discardableResult
    public mutating func started(pid: Int32, keys: [Key], at now: Duration) -> [Key] {
        var began: [Key] = []
        for key in keys {
            guard var meter = meters[key], !meter.processes.contains(pid) else { continue }
            // A step of its sites may be counting already.
            if meter.runningSince == nil {
                meter.runningSince = now
                began.append(key)
            }
            meter.processes.insert(pid)
            meters[key] = meter
        }
        return began
    }

    /// Process `pid` ended (or runs another program) at `now`; returns the
    /// allowances that stopped counting, their run's time added to their use.
    @discardableResult
    public mutating func ended(pid: Int32, at now: Duration) -> [Key] {
        var stopped: [Key] = []
        for (key, var meter) in meters where meter.processes.contains(pid) {
            meter.processes.remove(pid)
            // A step of its sites that lasts goes on counting: it ends at `sitesUntil` (`settle`).
            if meter.processes.isEmpty, let since = meter.runningSince, (meter.sitesUntil ?? now) <= now {
                meter.used += max(.zero, now - since)
                meter.runningSince = nil
                meter.sitesUntil = nil
                stopped.append(key)
            }
            meters[key] = meter
        }
        return stopped.sorted()
    }

    /// The owner's traffic reached the sites of `key` at `now`: the step
    /// from `now` to `now + step` counts (with what else counts then), and
    /// counting goes on to its end. Returns whether it began counting.
    @discardableResult
    public mutating func visited(_ key: Key, at now: Duration, step: Duration) -> Bool {
        settle(at: now)
        guard var meter = meters[key] else { return false }
        let began = meter.runningSince == nil
        if began { meter.runningSince = now }
        meter.sitesUntil = max(meter.sitesUntil ?? now, now + step)
        meters[key] = meter
        return began
    }

    /// Ends the runs whose sites' step ended by `now` with no process
    /// counted, their time added to their use; returns those that stopped counting.
    @discardableResult
    public mutating func settle(at now: Duration) -> [Key] {
        var stopped: [Key] = []
        for (key, var meter) in meters where meter.processes.isEmpty {
            guard let since = meter.runningSince, let until = meter.sitesUntil, until <= now else { continue }
            meter.used += max(.zero, until - since)
            meter.runningSince = nil
            meter.sitesUntil = nil
            meters[key] = meter
            stopped.append(key)
        }
        return stopped.sorted()
    }

    /// The processes counted for any allowance.
    public var processes: Set<Int32> {
        meters.values.reduce(into: []) { $0.formUnion($1.processes) }
    }

    /// The use of `key` at `now`, up to its daily length; nil when it is not counted.
    public func used(_ key: Key, at now: Duration) -> Duration? {
        guard let meter = meters[key] else { return nil }
        // Without a process, a run of its sites ends with their step.
        let end = meter.processes.isEmpty ? min(now, meter.sitesUntil ?? now) : now
        let running = meter.runningSince.map { max(.zero, end - $0) } ?? .zero
        return min(meter.daily, meter.used + running)
    }

    /// The allowances whose use reached their daily length at `now`.
    public func spent(at now: Duration) -> [Key] {
        meters.keys.filter { key in
            guard let meter = meters[key], let used = self.used(key, at: now) else { return false }
            return used >= meter.daily
        }.sorted()
    }

    /// The allowances that crossed `warning` left since last asked, counting
    /// now and not spent; they are marked told.
    public mutating func crossedWarning(at now: Duration) -> [Key] {
        var crossed: [Key] = []
        for (key, var meter) in meters where !meter.warned && meter.runningSince != nil {
            guard let used = self.used(key, at: now), used >= meter.daily - Self.warning, used < meter.daily else {
                continue
            }
            meter.warned = true
            meters[key] = meter
            crossed.append(key)
        }
        return crossed.sorted()
    }

    /// How long from `now` until the next allowance is spent or crosses
    /// `warning` left, or a run of sites ends; nil when nothing counts (no timer then).
    public func nextDeadline(at now: Duration) -> Duration? {
        meters.compactMap { key, meter -> Duration? in
            guard meter.runningSince != nil, let used = self.used(key, at: now) else { return nil }
            let toSpent = meter.daily - used
            let toWarning = meter.warned ? toSpent : max(.zero, toSpent - Self.warning)
            let toStepEnd = meter.processes.isEmpty ? meter.sitesUntil.map { $0 - now } : nil
            return max(.zero, min(toWarning, toStepEnd ?? toWarning))
        }.min()
    }
}
