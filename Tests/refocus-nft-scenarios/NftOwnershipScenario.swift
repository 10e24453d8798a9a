import RefocusCore
import RefocusNftReference
import RefocusNetfilter
import RefocusOS

/// `refocus-nft-scenarios ownership`: while an `Nftables` lives and owns table
/// `inet refocus`, `nft flush ruleset` and `nft delete table inet refocus`
/// leave the table and its elements in place, and the monitor sees the
/// flush as a foreign change that did not touch the table. Prints facts
/// for `NftMonitorTests`; needs root, runs in a private network namespace.
enum NftOwnershipScenario {
    static func run() throws {
        let intervals = try NftScenarioFacts.intervals()
        let owner = try Nftables()
        try owner.apply(TableContents(blocked: intervals))
        let monitor = try NftMonitor(ownPortIDs: [owner.portID])
        _ = try NftScenarioFacts.nft("add", "table", "inet", "other")
        _ = try monitor.drain()
        let listing = try NftReference.listing()

        NftScenarioFacts.record("flush.status", try NftScenarioFacts.nft("flush", "ruleset"))
        NftScenarioFacts.record("flush", try monitor.drain())
        NftScenarioFacts.record("other.listed", try NftScenarioFacts.nft("list", "table", "inet", "other") == 0)
        NftScenarioFacts.record("delete.status", try NftScenarioFacts.nft("delete", "table", "inet", "refocus"))
        NftScenarioFacts.record("delete", try monitor.drain())

        NftScenarioFacts.record("state", NftScenarioFacts.describe(try owner.tableState()))
        let observer = try Nftables()
        NftScenarioFacts.record(
            "observer.state", NftScenarioFacts.describe(try observer.tableState(), owners: ["owner": owner]))
        NftScenarioFacts.record("elements", NftScenarioFacts.elements(intervals))
        NftScenarioFacts.record("listing.unchanged", try NftReference.listing() == listing)
    }
}
