import Foundation
import GRDB
import RefocusCore
import RefocusEnforcement
import RefocusLayerFakes
import Testing
import RefocusPlanning

/// The Reconciler over fake layers, without root: the order it runs them,
/// a layer that fails, the routes standing in for a table that cannot be
/// made, a repair after tampering, and the notes it gathers.
struct ReconcilerLayerTests {
    @Test func layersRunInOrderEachSeeingTheOutcomesBeforeIt() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let report = try fixture.reconcile()
        let order: [LayerKind] = [.hosts, .resolverIndex, .chromium, .firefox, .table, .routes, .programs]
        #expect(report.outcomes.map(\.layer) == order)
        let faked = order.filter { $0 != .routes }
        #expect(fixture.layers.journal.entries.map(\.layer) == faked)
        for entry in fixture.layers.journal.entries {
            let position = try #require(order.firstIndex(of: entry.layer))
            #expect(
                entry.earlier == Array(order[..<position]), "\(entry.layer) sees the outcomes of the layers before it")
        }
        #expect(fixture.layers.hosts.system.contains("social.example"))
        #expect(
            fixture.layers.table.system.contains("192.0.2.9/32") || fixture.layers.table.system.contains("192.0.2.9"))
        #expect(fixture.layers.programs.system == ["1000:steam"])
        #expect(report.firewallLayer == .table && report.hostsChanged)
        #expect(
            !fixture.layers.sinkholeRoutes.installed && fixture.layers.sinkholeRoutes.changes == 1,
            "the routes are made sure of once, and absent while the table is in force")

        fixture.layers.journal.clear()
        let again = try fixture.reconcile()
        #expect(fixture.layers.journal.applied == faked)
        #expect(again.outcomes.allSatisfy { !$0.changed }, "a second run with nothing changed changes nothing")
        #expect(fixture.layers.sinkholeRoutes.changes == 1)

        try fixture.endSessions()
        let ended = try fixture.reconcile()
        #expect(ended.outcomes.allSatisfy { $0.state == .idle })
        #expect(
            fixture.layers.fakes.allSatisfy { $0.system.isEmpty }, "nothing is left in force once the session ended")
        #expect(ended.firewallLayer == .none && ended.firewallEntries == 0)
    }

    @Test func aFailingLayerIsNamedWithItsReasonAndTheOthersStillApply() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let reason = Note.remark("the chromium browser policy was not written: read-only file system")
        fixture.layers.chromium.failure = reason
        let report = try fixture.reconcile()
        let failed = report.outcomes.filter { $0.state == .failed }
        #expect(failed.map(\.layer) == [.chromium])
        #expect(failed.first?.failure == reason)
        #expect(report.notes.isEmpty, "a fake notes nothing of itself")
        for layer in fixture.layers.fakes where layer.kind != .chromium {
            #expect(!layer.system.isEmpty, "\(layer.kind) still applied")
        }
        #expect(fixture.layers.chromium.system.isEmpty)

        fixture.layers.chromium.failure = nil
        let healed = try fixture.reconcile()
        #expect(healed.outcome(of: .chromium)?.state == .inForce && healed.outcome(of: .chromium)?.changed == true)
        #expect(healed.notes.isEmpty)
    }

    @Test func aLayerThatThrowsStopsTheRunAsTheHostsFileAlwaysHas() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        fixture.layers.hosts.thrown = FakeFailure("line 3: a second # BEGIN refocus")
        #expect(throws: FakeFailure("line 3: a second # BEGIN refocus")) { try fixture.reconcile() }
        #expect(fixture.layers.journal.applied == [.hosts], "no later layer ran")
    }

    @Test func routesStandInWhileTheTableCannotBeMadeAndLeaveWithIt() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let routes = fixture.layers.sinkholeRoutes
        let reason = Note.tableNotMade(table: "refocus", error: "netlink: address family not supported")
        fixture.layers.table.failure = reason
        // The routes fail too, as they are first needed: both are said in one note, and nothing blocks addresses.
        routes.failure = FakeFailure("operation not permitted")
        let neither = try fixture.reconcile()
        #expect(!routes.installed && neither.firewallLayer == .none)
        #expect(
            neither.outcome(of: .routes)?.failure
                == .fallbackRoutesFailed(error: "operation not permitted", because: nil))
        #expect(neither.notes == [.fallbackRoutesFailed(error: "operation not permitted", because: reason)])
        #expect(
            neither.notes.map(\.text) == [
                "table inet refocus could not be made (netlink: address family not supported); "
                    + "the fallback routes failed (operation not permitted)"
            ])

        routes.failure = nil
        let fallen = try fixture.reconcile()
        #expect(routes.installed)
        #expect(fallen.firewallLayer == .routes && fallen.firewallEntries == 0)
        #expect(fallen.outcome(of: .routes)?.state == .inForce)
        #expect(fallen.notes == [.fallbackRoutesInForce(because: reason)])
        #expect(
            fallen.notes.map(\.text) == [
                "table inet refocus could not be made (netlink: address family not supported): "
                    + "blocked names fail at once through unreachable routes, but addresses are not blocked"
            ])

        fixture.layers.table.failure = nil
        let back = try fixture.reconcile()
        #expect(!routes.installed, "the routes go as soon as the table is in force")
        #expect(back.firewallLayer == .table && back.notes.isEmpty)
    }

    @Test func routesAreLeftAloneWhileAnotherProcessKeepsTheTable() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let kept = KeptTable()
        let layers = fixture.layers
        let reconciler = Reconciler(
            store: fixture.store, policy: fixture.reconciler.policy,
            layers: [layers.hosts, kept, layers.routes], resolverModule: { true })
        let report = try reconciler.reconcile(clock: fixture.clock, system: [])
        #expect(layers.sinkholeRoutes.changes == 0)
        #expect(report.firewallLayer == .table && report.firewallEntries == 3)
        #expect(report.notes == [.tableKeptByDaemon(table: "refocus")])
        #expect(
            report.notes.map(\.text) == [
                "the firewall was not changed: another process (the daemon) owns table inet "
                    + "refocus, which keeps what it last applied"
            ])
    }

    @Test func aTamperedLayerIsRepairedWholeByTheNextRun() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let table = fixture.layers.table
        _ = try fixture.reconcile()
        let applied = table.system
        #expect(!table.needsRepair(), "untouched")

        table.system = []  // someone flushed the ruleset
        #expect(table.needsRepair(), "the watch sees it")
        let repaired = try fixture.reconcile()
        #expect(table.system == applied)
        let outcome = try #require(repaired.outcome(of: .table))
        #expect(outcome.changed && outcome.countersReset, "rewritten whole: its counters start again")
        #expect(repaired.firewallCountersReset)
        #expect(repaired.outcomes.filter(\.changed).map(\.layer) == [.table], "only the tampered layer is written")
        #expect(outcome.watches == [.file("/fake/table")])
        #expect(!(try fixture.reconcile().outcomes.contains { $0.changed }))
    }

    @Test func notesAreGatheredDamagedSessionsFirstThenEachLayersInOrder() throws {
        let fixture = try ReconcileFixture()
        defer { fixture.folder.remove() }
        let broken = Session(
            owner: 1001, blockLists: [], start: ReconcileFixture.start,
            plannedEnd: ReconcileFixture.start.addingTimeInterval(3600), locked: false)
        let id = try #require(try fixture.store.write { try $0.insert(broken) }.id)
        try DatabaseQueue(path: fixture.folder.path + "/refocus.sqlite").write {
            try $0.execute(sql: "UPDATE session SET mode = 'everything' WHERE id = \(id)")
        }
        fixture.layers.programs.notes = [.remark("programs note")]
        fixture.layers.hosts.notes = [.remark("hosts note")]
        let firefox: [Note] = [.firefoxRulesOverLimit(count: 3, limit: 1000), .remark("firefox note")]
        fixture.layers.firefox.notes = firefox
        let report = try fixture.reconcile()
        let damaged = try #require(report.notes.first)
        #expect(damaged.kind == .damagedSession)
        #expect(
            damaged.text.hasPrefix("session \(id) cannot be read from the store (")
                && damaged.text.hasSuffix(
                    "); it is skipped and kept for inspection, and 'refocus-helper clear' ends it")
        )
        #expect(Array(report.notes.dropFirst()) == [.remark("hosts note")] + firefox + [.remark("programs note")])
        #expect(report.outcome(of: .firefox)?.notes == firefox)
    }
}

/// A table that a live daemon owns: as `TableLayer` reports it from a helper run beside it.
private final class KeptTable: EnforcementLayer {
    let kind = LayerKind.table

    func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) -> LayerOutcome {
        LayerOutcome(layer: kind, state: .keptByAnother, count: 3, notes: [.tableKeptByDaemon(table: "refocus")])
    }
}
