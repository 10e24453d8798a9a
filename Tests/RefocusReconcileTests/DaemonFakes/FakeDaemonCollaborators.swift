import Foundation
import RefocusCore
import RefocusEnforcement
@testable import RefocusDaemon
import RefocusLayerFakes
@testable import RefocusPlanning
@testable import RefocusProtocol

/// The program blocker in memory: its layer is the fake `programs` layer,
/// its mode `.execEvents` while that holds programs, and its descriptor
/// reports the kills a test queued (as the process connector would).
final class FakeProgramBlocker: DaemonProgramBlocker, DaemonEventSource {
    let kind = LayerKind.programs
    /// The fake layer it applies.
    let layer: FakeLayer
    /// Its event descriptor (the process connector's, say).
    let fileDescriptor: Int32
    /// The kills its next event reports.
    var pendingKills: [ProgramMatch] = []
    private(set) var mode: StatusSnapshot.ProgramBlocking = .none

    init(_ layer: FakeLayer, fileDescriptor: Int32) {
        self.layer = layer
        self.fileDescriptor = fileDescriptor
    }

    func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) throws -> LayerOutcome {
        let outcome = try layer.apply(plan, after: earlier)
        mode = outcome.state == .inForce ? .execEvents : .none
        return outcome
    }

    func handle(_ fd: Int32) -> [ProgramMatch]? {
        guard fd == fileDescriptor else { return nil }
        defer { pendingKills = [] }
        return pendingKills
    }
}

/// The session herald in memory: when it was asked to announce, the sessions it keeps problems of.
final class FakeHerald: DaemonHerald {
    private(set) var hookProblems: [Int64: HookReport] = [:]
    let nextBackstop: Duration? = nil
    /// The instants of each `announce`.
    private(set) var announced: [Date] = []
    /// The sessions of each `keepProblems`, by id.
    private(set) var kept: [[Int64]] = []

    func announce(now: Date) {
        announced.append(now)
    }

    func keepProblems(of open: [Session]) {
        kept.append(open.compactMap(\.id))
    }

    /// The children it was given, by pid.
    private(set) var reapedChildren: [pid_t] = []

    func reaped(pid: pid_t, status: Int32, at now: Date) -> Bool {
        reapedChildren.append(pid)
        return false
    }

    func killOverdueHooks() {}
}

/// The table layer's caches and counters in memory: `refused` is what the
/// table refused; like the kernel's, its counters start at zero again each
/// time the fake table is rewritten whole.
final class FakeFirewall: DaemonFirewall {
    let cache = AddressCache()
    let allowedCache = AllowedAddressCache()
    let tableName = "refocus"
    private let table: FakeLayer
    private var countedReplacements = 0
    /// What the table refused since it was made.
    var refused = TableCounts()

    init(table: FakeLayer) {
        self.table = table
    }

    func counts(byUid: Bool) -> TableCounts {
        if table.replacements != countedReplacements {
            countedReplacements = table.replacements
            refused = TableCounts()
        }
        return refused
    }
}

/// The allowance meter in memory: keeps the allowances of each update, the
/// summaries it is asked for are the store's, and its descriptor (the
/// process connector's, say) reports what a test queued.
final class FakeAllowanceMeter: DaemonAllowanceMeter, DaemonEventSource {
    let fileDescriptor: Int32
    /// The allowances of each update, in order.
    private(set) var updates: [[AllowanceDay]] = []
    /// What its next event reports: whether to reconcile, whether the status changed.
    var pendingEvent = (reconcile: false, republish: false)
    /// Whether the daemon stopped it.
    private(set) var finished = false
    /// Why it cannot count, as a test says.
    var unavailable: String?
    /// Why it cannot count sites, as a test says.
    var sitesUnavailable: String?

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func update(_ days: [AllowanceDay], at reading: ClockReading, siteStep: Duration) -> Bool {
        updates.append(days)
        return false
    }

    func handle(_ fd: Int32) -> (reconcile: Bool, republish: Bool)? {
        fd == fileDescriptor ? pendingEvent : nil
    }

    func summaries(of days: [AllowanceDay], at reading: ClockReading) -> [AllowanceSummary] {
        days.map { $0.summary(at: reading.wall) }
    }

    func finish() {
        finished = true
    }
}
