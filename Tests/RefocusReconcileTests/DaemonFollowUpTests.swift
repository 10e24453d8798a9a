import Foundation
import RefocusCore
import RefocusEnforcement
@testable import RefocusDaemon
import RefocusLayerFakes
import Testing
@testable import RefocusPlanning
@testable import RefocusProtocol

/// The daemon's step after each reconcile (`DaemonFollowUp`, and the status
/// file's counts), read from reports of the Reconciler over fake layers,
/// without root: timers, watches, counts carried over, the status, the log.
struct DaemonFollowUpTests {
    static func followUp(
        _ report: Reconciler.Report, after previous: Reconciler.Report? = nil,
        _ fixture: ReconcileFixture, incomplete: Int = 0
    ) -> DaemonFollowUp {
        DaemonFollowUp(
            report, previous: previous, clock: fixture.clock, allowedExpiry: nil, incompleteAnswers: incomplete)
    }

    @Test func aReconcileArmsTheTimersWatchesTheLayersFoldersAndCountsWhatIsInForce() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let folder = "/fake/etc/chromium/policies/managed"
        fixture.layers.chromium.watches = [.folder(folder)]
        let steam = ProgramMatch(owner: 1000, program: try ProgramName("steam"), field: .comm)
        fixture.layers.programs.signalled = [steam]
        let report = try fixture.reconcile()
        let next = Self.followUp(report, fixture)
        #expect(next.endTimer == .seconds(3000), "the session's planned end, 50 minutes on")
        #expect(next.countsTimer == Daemon.countsInterval && next.resolveTimer == Daemon.resolveInterval)
        #expect(Self.followUp(report, fixture, incomplete: 1).resolveTimer == Daemon.retryInterval)
        #expect(next.watchedFolders == [folder])
        #expect(next.signalled == [steam], "the blocker's signals, for the blocked counts")
        #expect(next.drainsHostsWatch, "its own rewrite of /etc/hosts")
        #expect(next.carriesCounts, "the table was made: its counters start at zero")
        #expect(next.ended.isEmpty && next.notices.isEmpty && next.endings.isEmpty)

        let counts = StatusPublisher.counts(report, programBlocking: .execEvents)
        #expect(counts.firewall == .table && counts.addresses == fixture.layers.table.system.count)
        #expect(counts.names == fixture.layers.hosts.system.count && counts.programs == 1)

        let again = Self.followUp(try fixture.reconcile(), after: report, fixture)
        #expect(!again.drainsHostsWatch && !again.carriesCounts, "nothing was written the second time")
    }

    @Test func aTableThatCannotBeMadeShowsTheRoutesInTheStatusAndStopsTheCountsTimer() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        fixture.layers.table.failure = .tableNotMade(table: "refocus", error: "netlink: address family not supported")
        let report = try fixture.reconcile()
        let next = Self.followUp(report, fixture)
        let counts = StatusPublisher.counts(report, programBlocking: .procScan)
        #expect(counts.firewall == .routes && counts.addresses == 0)
        #expect(next.countsTimer == nil, "no table, no counters to read")
        #expect(next.resolveTimer == Daemon.resolveInterval, "names are still resolved, for when the table comes back")
        #expect(
            next.notices == [
                "table inet refocus could not be made (netlink: address family not supported): blocked "
                    + "names fail at once through unreachable routes, but addresses are not blocked"
            ])
    }

    @Test func aFailingLayerIsLoggedWhileTheOthersAreFollowedUp() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let problem = Note.remark("the chromium browser policy was not written: read-only file system")
        fixture.layers.chromium.failure = problem
        fixture.layers.chromium.notes = [problem]
        let report = try fixture.reconcile()
        let next = Self.followUp(report, fixture)
        #expect(next.notices == [problem.text])
        #expect(next.countsTimer != nil && next.drainsHostsWatch, "the layers after it applied")
        #expect(StatusPublisher.counts(report, programBlocking: .execEvents).firewall == .table)
    }

    @Test func aTamperedTableIsRepairedAndItsCountsCarriedOver() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let first = try fixture.reconcile()
        #expect(!Self.followUp(try fixture.reconcile(), after: first, fixture).carriesCounts)
        fixture.layers.table.system = []
        #expect(fixture.layers.table.needsRepair())
        let repaired = Self.followUp(try fixture.reconcile(), after: first, fixture)
        #expect(repaired.carriesCounts, "the table was made again: the old counts are kept")
        #expect(!repaired.drainsHostsWatch && repaired.ended.isEmpty)
    }

    @Test func anEndedSessionIsHandedOverForItsFinalCountsAndDisarmsEveryTimer() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let running = try fixture.reconcile()
        try fixture.endSessions()
        let ended = try fixture.reconcile()
        let next = Self.followUp(ended, after: running, fixture)
        #expect(next.ended.map(\.id) == running.active.map(\.id) && next.ended.count == 1)
        #expect(next.endTimer == nil && next.countsTimer == nil && next.resolveTimer == nil)
        #expect(next.drainsHostsWatch, "the section was removed")
        let counts = StatusPublisher.counts(ended, programBlocking: .none)
        #expect(counts.firewall == FirewallLayer.none && counts.names == 0 && counts.programs == 0)
    }
}
