import RefocusCore
import RefocusNetfilter
import RefocusOS

/// `refocus-nft-scenarios persistence`: once the owning `Nftables` is released
/// the table stays, orphaned, with its elements; `nft delete table inet
/// refocus` then removes it; a new instance's `apply` recreates it, owned,
/// and a later one reclaims an orphan. Prints facts for `NftMonitorTests`;
/// needs root, runs in a private network namespace.
enum NftPersistenceScenario {
    static func run() throws {
        let intervals = try NftScenarioFacts.intervals()
        let observer = try Nftables()
        NftScenarioFacts.record("fresh.state", NftScenarioFacts.describe(try observer.tableState()))
        try applyAndRelease(intervals, observer: observer, step: "first")
        NftScenarioFacts.record("released.state", NftScenarioFacts.describe(try observer.tableState()))
        NftScenarioFacts.record("released.elements", NftScenarioFacts.elements(intervals))

        NftScenarioFacts.record("delete.status", try NftScenarioFacts.nft("delete", "table", "inet", "refocus"))
        NftScenarioFacts.record("deleted.state", NftScenarioFacts.describe(try observer.tableState()))

        try applyAndRelease(intervals, observer: observer, step: "recreated")
        // The table is an orphan again: a new instance's apply reclaims it.
        let reclaimer = try Nftables()
        try reclaimer.apply(TableContents(blocked: intervals))
        NftScenarioFacts.record("reclaimed.state", NftScenarioFacts.describe(try reclaimer.tableState()))
        NftScenarioFacts.record(
            "reclaimed.observer",
            NftScenarioFacts.describe(
                try observer.tableState(),
                owners: ["reclaimer": reclaimer]))
        NftScenarioFacts.record("reclaimed.elements", NftScenarioFacts.elements(intervals))
    }

    /// Applies `intervals` through a new instance, records the table's state
    /// as that instance and the observer see it, and releases the instance.
    private static func applyAndRelease(_ intervals: AddressIntervals, observer: Nftables, step: String) throws {
        let owner = try Nftables()
        try owner.apply(TableContents(blocked: intervals))
        NftScenarioFacts.record("\(step).state", NftScenarioFacts.describe(try owner.tableState()))
        NftScenarioFacts.record(
            "\(step).observer", NftScenarioFacts.describe(try observer.tableState(), owners: ["owner": owner]))
        NftScenarioFacts.record("\(step).elements", NftScenarioFacts.elements(intervals))
    }
}
