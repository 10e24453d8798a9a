import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
@testable import RefocusDaemon
import RefocusLayerFakes
import RefocusOS
import RefocusTestSupport
import Synchronization
import Testing
@testable import RefocusProtocol

/// A `Daemon` over fakes, without root: the fake layers (`FakeLayers`, the
/// real routes over fake routes), the program blocker, herald and table
/// counters in memory, every event source a fake with a descriptor number
/// of its own, a store and the status file in a temporary folder, and a
/// clock the test moves. One session of uid 1000 runs from a minute before
/// the clock for an hour (a domain, an address and a program); `wake`
/// feeds the loop one readiness at a time.
final class DaemonFixture {
    static let start = ReconcileFixture.start

    let folder: TemporaryFolder
    let store: SessionStore
    let layers = FakeLayers()
    let blocker: FakeProgramBlocker
    let meter = FakeAllowanceMeter(fileDescriptor: 9013)
    let herald = FakeHerald()
    let firewall: FakeFirewall
    let endTimer = FakeTimer(9001), resolveTimer = FakeTimer(9002), countsTimer = FakeTimer(9003)
    let hookTimer = FakeTimer(9004), clockWatch = FakeTimer(9005)
    let hostsWatch = FakeHostsWatch(9006), indexWatch = FakeChangeWatch(9007)
    let browserWatch = FakeFolderWatch(9008)
    let administratorWatch = FakeFollowedWatch(9014), reloadTimer = FakeTimer(9015)
    let tableWatch: FakeTableWatch
    let signals = FakeSignals(9010)
    let control = FakeControl(9011)
    let status: StatusFile
    /// The descriptors the fake loop reports for `run`, one wake-up each; a wait with none left throws
    /// (the loop would sleep for ever).
    var wakeUps: [[Int32]] = []
    /// Ten minutes into the session; a test moves it.
    var clock = ClockReading(wall: start.addingTimeInterval(600), sinceBoot: .seconds(10_000), bootID: "boot-a")
    /// What the policy file holds when SIGHUP reloads it.
    var policyFile: Policy
    /// The administrator's schedules the daemon reads at start and on SIGHUP.
    var schedules = AdministratorSchedules()
    /// The password database the daemon looks the schedules' users up in (kid is 1001), counting lookups.
    let lookups = CountedLookups()
    /// The children that exited, taken by the daemon's reaping (SIGCHLD): pid and status.
    var exitedChildren: [(pid: pid_t, status: Int32)] = []
    /// How many times the daemon gave memory back.
    private(set) var memoryGivenBack = 0
    /// Whether, the last time the daemon gave memory back, the last request (`request`) had its answer.
    private(set) var answeredBeforeGivingBack: Bool?
    private var lastRequest: FakeConnection?
    private(set) var daemon: Daemon!

    /// The fixture; `sessions` false leaves the store empty.
    init(sessions: Bool = true) throws {
        folder = try TemporaryFolder()
        store = try SessionStore(path: folder.path + "/refocus.sqlite")
        status = StatusFile(path: folder.path + "/run/status.json", groupName: "refocus-loop-test-no-such-group")
        blocker = FakeProgramBlocker(layers.programs, fileDescriptor: 9012)
        let table = layers.table
        firewall = FakeFirewall(table: table)
        tableWatch = FakeTableWatch(9009) { table.needsRepair() }
        if sessions { try ReconcileFixture.insertSession(into: store) }
        var policy = Policy()
        policy.enforcement.blockDoHEndpoints = false
        policyFile = policy
        let sources = DaemonSources(
            wait: { [unowned self] in
                guard !wakeUps.isEmpty else { throw FakeFailure("the loop would sleep with nothing left to happen") }
                return wakeUps.removeFirst()
            }, endTimer: endTimer,
            resolveTimer: resolveTimer, countsTimer: countsTimer, hookTimer: hookTimer, reloadTimer: reloadTimer,
            clockWatch: clockWatch, hostsWatch: hostsWatch, indexWatch: indexWatch, browserWatch: browserWatch,
            administratorWatch: administratorWatch, tableWatch: tableWatch, signals: signals, control: control)
        let host = DaemonHost(
            loadPolicy: { [unowned self] in policyFile }, loadSchedules: { [unowned self] _ in schedules },
            resolverModule: { true }, protections: { [] },
            readClock: { [unowned self] store in
                let reading = clock
                _ = try store.write { try $0.rebase(to: reading) }
                return reading
            },
            notifyReady: { nil },
            giveBackMemory: { [unowned self] in
                memoryGivenBack += 1
                answeredBeforeGivingBack = lastRequest.map { $0.answered != nil }
            },
            reapChild: { [unowned self] in exitedChildren.isEmpty ? nil : exitedChildren.removeFirst() },
            targets: ScheduleTargetsCache(lookup: lookups.targets))
        let parts = DaemonParts(
            store: store, policy: policy, layers: Array(layers.ordered.dropLast()), firewall: firewall,
            sources: sources, blocker: blocker, meter: meter, status: status, notify: { _, _, _ in }, herald: herald,
            host: host)
        daemon = Daemon(parts: parts, logger: Logger(label: "refocus-loop-test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// One wake-up of the loop with `sources` ready.
    func wake(_ sources: [any DaemonEventSource]) {
        daemon.wake(sources.map(\.fileDescriptor))
    }

    /// A helper run asking `line` through the control socket, in a wake-up of its own; its answer.
    func request(_ line: String? = DaemonCommand.reconcile.rawValue) throws -> DaemonAnswer {
        let connection = FakeConnection(line)
        lastRequest = connection
        control.waiting.append(connection)
        wake([control])
        let bytes = try #require(connection.answered)
        return try HelperProtocol.decoder().decode(DaemonAnswer.self, from: Data(bytes))
    }

    /// What the daemon published last; nil when the file is missing or unreadable.
    var published: StatusSnapshot? { status.read() }
}

/// `ReconcilerScheduleTests.targets`, counting the login names looked up.
final class CountedLookups: Sendable {
    private let counted = Mutex(0)

    /// How many login names were looked up so far.
    var count: Int { counted.withLock { $0 } }

    /// The lookups, each counted.
    var targets: ScheduleTargets {
        ScheduleTargets(
            uid: { name in
                self.counted.withLock { $0 += 1 }
                return ReconcilerScheduleTests.targets.uid(name)
            }, members: ReconcilerScheduleTests.targets.members)
    }
}
