import Glibc
import RefocusCore
import RefocusNetfilter
import RefocusOS

/// `refocus-nft-scenarios monitor`: what `NftMonitor` reports for ReFocus's own
/// transactions, for `nft` run as another process (on another table and on
/// `inet refocus`), for a second `Nftables` of this process that it was not
/// told about, and when its receive buffer overflows. Prints facts for
/// `NftMonitorTests`; needs root, runs in a private network namespace.
enum NftMonitorScenario {
    static func run() throws {
        let intervals = try NftScenarioFacts.intervals()
        let nftables = try Nftables()
        let monitor = try NftMonitor(ownPortIDs: [nftables.portID])
        let descriptor = monitor.fileDescriptor
        NftScenarioFacts.record("idle.readable", NftScenarioFacts.readable(descriptor, within: 0))
        NftScenarioFacts.record("idle.empty", try monitor.drain().isEmpty)

        try nftables.apply(TableContents(blocked: intervals))
        NftScenarioFacts.record("apply.readable", NftScenarioFacts.readable(descriptor, within: 1000))
        NftScenarioFacts.record("apply", try monitor.drain())
        NftScenarioFacts.record("apply.again.empty", try monitor.drain().isEmpty)

        NftScenarioFacts.record("other.status", try NftScenarioFacts.nft("add", "table", "inet", "other"))
        NftScenarioFacts.record("other.readable", NftScenarioFacts.readable(descriptor, within: 1000))
        let other = try monitor.drain()
        NftScenarioFacts.record("other", other)

        _ = try NftScenarioFacts.nft("add", "table", "inet", "second")
        _ = try NftScenarioFacts.nft("delete", "table", "inet", "second")
        let two = try monitor.drain()
        NftScenarioFacts.record("two", two)
        NftScenarioFacts.record(
            "two.ordered",
            zip(two.foreignGenerations, two.foreignGenerations.dropFirst())
                .allSatisfy { $0.id &+ 1 == $1.id })

        try nftables.deleteTable()
        NftScenarioFacts.record("delete", try monitor.drain())
        NftScenarioFacts.record("nft-create.status", try NftScenarioFacts.nft("add", "table", "inet", "refocus"))
        NftScenarioFacts.record("nft-create", try monitor.drain())
        NftScenarioFacts.record("nft-delete.status", try NftScenarioFacts.nft("delete", "table", "inet", "refocus"))
        NftScenarioFacts.record("nft-delete", try monitor.drain())

        let stranger = try Nftables()
        try stranger.apply(TableContents(blocked: intervals))
        let unregistered = try monitor.drain()
        NftScenarioFacts.record("stranger", unregistered)
        NftScenarioFacts.record("stranger.port", unregistered.foreignGenerations.first?.portID == stranger.portID)
        // Informational: in a PID namespace the kernel's pid for this process is not getpid().
        NftScenarioFacts.record("stranger.pid-is-getpid", unregistered.foreignGenerations.first?.processID == getpid())
        try stranger.deleteTable()
        _ = try monitor.drain()

        try checkOverflow(nftables)
    }

    /// A monitor with the smallest receive buffer the kernel allows misses
    /// most of the element notifications of a 5,000-address apply and says
    /// so; the next change after that is read as usual.
    private static func checkOverflow(_ nftables: Nftables) throws {
        let small = try NftMonitor(ownPortIDs: [nftables.portID], receiveBufferSize: 0)
        try nftables.apply(TableContents(blocked: NftScenarioFacts.distinctAddresses(5_000)))
        NftScenarioFacts.record("overflow", try small.drain())
        _ = try NftScenarioFacts.nft("add", "table", "inet", "after")
        NftScenarioFacts.record("after", try small.drain())
    }
}
