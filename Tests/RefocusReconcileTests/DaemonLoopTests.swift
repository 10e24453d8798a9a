import Foundation
import RefocusCore
import RefocusEnforcement
@testable import RefocusDaemon
import RefocusLayerFakes
import Testing
@testable import RefocusPlanning
@testable import RefocusProtocol

/// The daemon's loop over fakes, event by event, without root: a helper
/// run's request, tampering with a watched file or the table, a failing
/// layer, the routes standing in for the table, a session's end, kills
/// between reconciles, signals and the exit; the status file after each.
struct DaemonLoopTests {
    @Test func aRequestReconcilesAnswersAndPublishesTheStatus() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        let started = try #require(fixture.published, "the first reconcile publishes the status")
        #expect(started.sessions.map(\.session.owner) == [1000])
        let counts = try #require(started.counts)
        #expect(counts.firewall == .table && counts.programBlocking == .execEvents && counts.programs == 1)
        #expect(counts.names == fixture.layers.hosts.system.count && counts.names > 0)
        #expect(fixture.endTimer.armed == .seconds(3000), "the session's planned end, 50 minutes on")
        #expect(fixture.countsTimer.armed == Daemon.countsInterval)
        #expect(fixture.resolveTimer.armed == Daemon.resolveInterval)

        fixture.layers.journal.clear()
        fixture.layers.hosts.system = []  // someone emptied the section without an event: a request finds it
        let answer = try fixture.request()
        #expect(answer.error == nil && answer.active.map(\.owner) == [1000])
        #expect(fixture.layers.journal.applied == [.hosts, .resolverIndex, .chromium, .firefox, .table, .programs])
        #expect(fixture.layers.hosts.system.contains("social.example"), "the request's reconcile put it back")
        #expect(fixture.published == started)

        let refused = try fixture.request("lift everything")
        #expect(refused.error == "unknown command" && refused.active.isEmpty)
        #expect(!fixture.daemon.exitRequested)
    }

    @Test func aTamperedHostsFileIsRepairedAndTheDaemonsOwnRewriteDrained() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        let drainsBefore = fixture.hostsWatch.drains
        let applied = fixture.layers.hosts.system
        fixture.layers.hosts.system = ["someone.else.example"]
        fixture.hostsWatch.changed = true
        fixture.layers.journal.clear()
        fixture.wake([fixture.hostsWatch])
        #expect(fixture.layers.hosts.system == applied, "repaired")
        #expect(
            fixture.hostsWatch.drains == drainsBefore + 2,
            "the event's drain, then the drain of the daemon's own rename")
        #expect(fixture.layers.journal.applied.first == .hosts)

        // An event about another file in /etc wants nothing.
        fixture.layers.journal.clear()
        fixture.wake([fixture.hostsWatch])
        #expect(fixture.layers.journal.applied.isEmpty, "no reconcile")
    }

    /// Someone's edit that lands between the daemon's rename of /etc/hosts and
    /// the drain of that rename's event is not drained with it: the end timer
    /// fires at once, and the next wake-up repairs the file.
    @Test func anEditLandingDuringTheDaemonsOwnRewriteIsRepairedToo() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        let applied = fixture.layers.hosts.system
        fixture.layers.hosts.system = ["someone.else.example"]
        fixture.hostsWatch.changed = true
        // Right after the daemon's repair, the file is edited again.
        fixture.hostsWatch.changedSinceOwnWrite = true
        fixture.wake([fixture.hostsWatch])
        #expect(fixture.layers.hosts.system == applied, "repaired")
        #expect(fixture.endTimer.armed == DaemonFollowUp.reconcileAtOnce, "another reconcile at once")
        fixture.layers.hosts.system = ["the.second.edit.example"]
        fixture.layers.journal.clear()
        fixture.wake([fixture.endTimer])
        #expect(fixture.layers.hosts.system == applied, "the second edit repaired")
        #expect(
            fixture.endTimer.armed != DaemonFollowUp.reconcileAtOnce,
            "and then the timer goes back to the sessions' ends")
    }

    @Test func aTamperedPolicyFolderIsRepairedAndItsWatchReArmed() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        let folder = "/fake/etc/chromium/policies/managed"
        fixture.layers.chromium.watches = [.folder(folder)]
        fixture.daemon.start()
        #expect(fixture.browserWatch.watchCalls == [[folder]])
        let applied = fixture.layers.chromium.system
        fixture.layers.chromium.system = []  // the policy file removed
        fixture.browserWatch.changed = true
        fixture.wake([fixture.browserWatch])
        #expect(fixture.layers.chromium.system == applied && !applied.isEmpty, "repaired")
        #expect(fixture.browserWatch.watchCalls == [[folder], [folder]], "re-armed: the folder may be new")
    }

    @Test func aTamperedTableIsRepairedAndWhatItRefusedIsCarriedOver() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        let applied = fixture.layers.table.system
        fixture.firewall.refused = TableCounts(hits: [try IPAddress(parsing: "192.0.2.9"): 5])
        fixture.wake([fixture.countsTimer])
        #expect(fixture.published?.sessions.first?.blockedAttempts == 5, "the counts timer publishes the counters")
        #expect(fixture.countsTimer.acknowledged == 1 && fixture.countsTimer.armed == Daemon.countsInterval)

        // Someone flushed the ruleset but an element: the monitor's event, and the repair.
        fixture.layers.table.system = Array(applied.prefix(1))
        fixture.wake([fixture.tableWatch])
        #expect(fixture.layers.table.system == applied, "repaired")
        #expect(fixture.layers.table.replacements == 2, "rewritten whole: its counters start at zero")
        #expect(
            fixture.published?.sessions.first?.blockedAttempts == 5,
            "what the replaced table counted is carried over")

        // A monitor that fails counts as tampering: the table is checked by a reconcile.
        fixture.tableWatch.failure = FakeFailure("netlink: no buffer space available")
        fixture.layers.journal.clear()
        fixture.wake([fixture.tableWatch])
        #expect(fixture.layers.journal.applied.contains(.table))
    }

    @Test func aFailingLayerIsNamedAndTheLoopKeepsEnforcingTheRest() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.layers.chromium.holding = ["chromium"]
        fixture.daemon.start()
        #expect(fixture.published?.counts?.browserPolicies == ["chromium"])
        let resolverNames = try #require(fixture.published?.counts?.resolverNames)
        #expect(resolverNames > 0)

        let problem = Note.remark("the chromium browser policy was not written: read-only file system")
        fixture.layers.chromium.failure = problem
        fixture.layers.chromium.notes = [problem]
        fixture.layers.chromium.system = []
        let answer = try fixture.request()
        #expect(answer.error == nil && answer.notes == [problem], "the helper run is told which layer failed")
        let status = try #require(fixture.published?.counts)
        #expect(status.browserPolicies == [], "the status no longer names the browser whose layer failed")
        #expect(status.resolverNames == resolverNames && status.firewall == .table, "the rest is enforced")

        // A layer that throws (a damaged hosts section): answered as a failure, retried in 5 s, the loop goes on.
        fixture.layers.hosts.thrown = FakeFailure("line 3: a second # BEGIN refocus")
        let failed = try fixture.request()
        #expect(failed.error == "line 3: a second # BEGIN refocus")
        #expect(fixture.endTimer.armed == .seconds(5))
        #expect(fixture.published?.counts == status, "the last status stands")

        fixture.layers.hosts.thrown = nil
        fixture.layers.chromium.failure = nil
        fixture.layers.chromium.notes = []
        fixture.wake([fixture.endTimer])
        #expect(fixture.published?.counts?.browserPolicies == ["chromium"], "healed at the retry")
        #expect(fixture.endTimer.armed == .seconds(3000))
    }

    @Test func theRoutesStandInWhileTheTableCannotBeMade() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        let reason = Note.tableNotMade(table: "refocus", error: "netlink: address family not supported")
        fixture.layers.table.failure = reason
        fixture.daemon.start()
        let fallen = try #require(fixture.published?.counts)
        #expect(fallen.firewall == .routes && fallen.addresses == 0)
        #expect(fixture.layers.sinkholeRoutes.installed)
        #expect(fixture.countsTimer.armed == nil, "no table, no counters to refresh")
        #expect(try fixture.request().notes == [.fallbackRoutesInForce(because: reason)])

        // The table can be made again: the next re-resolution brings it back, and the routes go.
        fixture.layers.table.failure = nil
        fixture.wake([fixture.resolveTimer])
        #expect(fixture.resolveTimer.acknowledged == 1)
        #expect(fixture.published?.counts?.firewall == .table && !fixture.layers.sinkholeRoutes.installed)
        #expect(fixture.countsTimer.armed == Daemon.countsInterval)
    }

    @Test func theEndTimerEndsTheSessionLiftsEverythingAndAnnouncesIt() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        let given = fixture.memoryGivenBack
        #expect(fixture.endTimer.armed == .seconds(3000))
        fixture.clock = ClockReading(
            wall: DaemonFixture.start.addingTimeInterval(3601), sinceBoot: .seconds(13_001), bootID: "boot-a")
        fixture.wake([fixture.endTimer])
        #expect(fixture.endTimer.acknowledged == 1)
        let ended = try #require(fixture.published)
        #expect(ended.sessions.isEmpty && ended.counts?.names == 0 && ended.counts?.firewall == FirewallLayer.none)
        #expect(ended.counts?.programBlocking == StatusSnapshot.ProgramBlocking.none)
        #expect(fixture.layers.fakes.allSatisfy { $0.system.isEmpty }, "every layer lifted")
        #expect(try fixture.store.read { try $0.openSessions() }.isEmpty, "the session is closed in the store")
        #expect(fixture.endTimer.armed == nil && fixture.countsTimer.armed == nil && fixture.resolveTimer.armed == nil)
        #expect(fixture.herald.announced.last == fixture.clock.wall, "the end is announced")
        #expect(fixture.memoryGivenBack == given + 1, "an idle daemon gives its memory back")
    }

    @Test func anIdleDaemonGivesMemoryBackAtTheEndOfEachWakeUpAfterItsAnswersWhileAnActiveOneKeepsIt() throws {
        let active = try DaemonFixture()
        defer { active.folder.remove() }
        active.daemon.start()
        #expect(active.memoryGivenBack == 1, "what starting touched is given back")
        _ = try active.request()
        active.wake([active.countsTimer])
        #expect(active.memoryGivenBack == 1, "a daemon enforcing a session keeps its working set")

        let idle = try DaemonFixture(sessions: false)
        defer { idle.folder.remove() }
        idle.daemon.start()
        #expect(idle.memoryGivenBack == 1, "once at start, not again for the first reconcile")
        _ = try idle.request()
        #expect(idle.memoryGivenBack == 2, "a request served while idle is given back")
        #expect(idle.answeredBeforeGivingBack == true, "after the answer went out, not before")
        idle.wake([idle.hookTimer])
        #expect(idle.memoryGivenBack == 3, "any wake-up while idle")
    }

    @Test func aClockChangeOrAnIndexEditReconcilesWhileTheHookTimerDoesNot() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        fixture.layers.journal.clear()
        fixture.wake([fixture.hookTimer])
        #expect(fixture.hookTimer.acknowledged == 1 && fixture.layers.journal.applied.isEmpty)

        fixture.wake([fixture.clockWatch])
        #expect(fixture.clockWatch.acknowledged == 1 && fixture.layers.journal.applied.count == 6)

        let indexed = fixture.layers.index.system
        fixture.layers.index.system = []  // the index removed
        fixture.indexWatch.changed = true
        fixture.layers.journal.clear()
        fixture.wake([fixture.indexWatch, fixture.hostsWatch])
        #expect(fixture.layers.index.system == indexed, "repaired")
        #expect(fixture.layers.journal.applied.count == 6, "one reconcile serves the wake-up's events")
    }

    @Test func killsBetweenReconcilesArePublishedWithoutOne() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        #expect(fixture.published?.sessions.first?.programsKilled == 0)
        fixture.blocker.pendingKills = [ProgramMatch(owner: 1000, program: try ProgramName("steam"), field: .comm)]
        fixture.layers.journal.clear()
        fixture.wake([fixture.blocker])
        #expect(fixture.published?.sessions.first?.programsKilled == 1)
        #expect(fixture.layers.journal.applied.isEmpty, "no reconcile")
    }

    @Test func runServesUntilAnExitCommandThenClosesTheSocket() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        let exit = FakeConnection(DaemonCommand.exit.rawValue)
        fixture.control.waiting = [exit]
        fixture.signals.pending = [SIGHUP]
        fixture.wakeUps = [[fixture.signals.fileDescriptor], [fixture.control.fileDescriptor]]
        try fixture.daemon.run()
        #expect(fixture.wakeUps.isEmpty && fixture.daemon.exitRequested)
        let answer = try HelperProtocol.decoder().decode(DaemonAnswer.self, from: Data(try #require(exit.answered)))
        #expect(answer.error == nil && answer.active.count == 1, "answered before it exits")
        #expect(fixture.control.shutDownCalled)
        #expect(fixture.layers.journal.applied.filter { $0 == .hosts }.count == 3, "start, SIGHUP, the exit's")
    }

    @Test func sighupReloadsThePolicyAndSigchldReapsWithoutAReconcile() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.daemon.start()
        let names = try #require(fixture.published?.counts?.names)
        fixture.policyFile.subdomains = []
        fixture.signals.pending = [SIGHUP]
        fixture.wake([fixture.signals])
        let reloaded = try #require(fixture.published?.counts?.names)
        #expect(reloaded < names && reloaded == fixture.layers.hosts.system.count, "no subdomains any more")

        fixture.layers.journal.clear()
        let arms = fixture.hookTimer.arms
        fixture.exitedChildren = [(pid: 4242, status: 0), (pid: 4243, status: 256)]
        fixture.signals.pending = [SIGCHLD]
        fixture.wake([fixture.signals])
        #expect(fixture.herald.reapedChildren == [4242, 4243] && fixture.exitedChildren.isEmpty)
        #expect(fixture.hookTimer.arms == arms + 1, "the hooks' backstop is armed again")
        #expect(fixture.layers.journal.applied.isEmpty && !fixture.daemon.exitRequested)
    }

    @Test func sigtermEndsTheLoopWithoutLiftingAnything() throws {
        let fixture = try DaemonFixture()
        defer { fixture.folder.remove() }
        fixture.signals.pending = [SIGTERM]
        fixture.wakeUps = [[fixture.signals.fileDescriptor]]
        try fixture.daemon.run()
        #expect(fixture.daemon.exitRequested && fixture.control.shutDownCalled)
        #expect(fixture.layers.fakes.allSatisfy { !$0.system.isEmpty }, "blocks stay")
        #expect(fixture.published?.sessions.count == 1)
    }
}
