import Foundation
import RefocusCore
import RefocusNftReference
import RefocusNetfilter
import RefocusOS

/// `refocus-nft-scenarios check`: listings equal to nft's own (users'
/// blocks included), exact
/// elements at the address space's edges, idempotence, ownership against
/// other processes, persistence after the owner is gone, no table for no
/// address, packets refused exactly at the blocked addresses and counted
/// per address, and still refused once the hits set is full. Throws at the
/// first check that fails; needs root and `nft`, in a private network
/// namespace.
enum NftCheckScenario {
    /// Both families, both ends of both address spaces in both kinds of set,
    /// merged neighbours, an address inside a range.
    static let edges = [
        "0.0.0.0", "10.0.0.0/8", "11.0.0.0/8", "192.0.2.1", "192.0.2.3", "255.255.255.254/31",
        "::/127", "2001:db8::/32", "2001:db8:1::/48", "2001:db8:1::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    ]
    /// Neither family's ranges starting at zero: nft's leading zero end element.
    static let inner = ["192.0.2.0/24", "198.51.100.7", "2001:db8::1", "2001:db8:1::/64"]

    static func run() throws {
        let path = NSTemporaryDirectory() + "refocus-nft-scenarios-check.nft"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let edges = AddressIntervals(try Self.edges.map { try AddressRange(parsing: $0) })
        let inner = AddressIntervals(try Self.inner.map { try AddressRange(parsing: $0) })
        let other = try Nftables()
        try expect(!other.tableExists(), "a fresh network namespace has no table inet refocus")

        try checkOwnership(edges, other: other, scriptPath: path)

        // The owner is gone: the table persists, orphaned, and another process replaces it.
        try expect(other.tableExists(), "the table outlives its owner (PERSIST)")
        try other.apply(TableContents(blocked: inner))
        try NftCheck.expectElements(inner)
        let innerListing = try NftReference.listing()
        try other.deleteTable()
        try other.deleteTable()
        try expect(!other.tableExists(), "deleteTable deletes the table and tolerates its absence")
        try NftCheck.expectSameListing(innerListing, asNftFor: inner, scriptPath: path)

        // The DNS-over-HTTPS endpoint sets and their port-restricted rules, beside block sets and alone.
        let endpoints = AddressIntervals(
            try ["8.8.8.8", "1.1.1.1", "2001:4860:4860::8888"].map { try AddressRange(parsing: $0) })
        for blocked in [inner, .empty] {
            try other.apply(TableContents(blocked: blocked, endpoints: endpoints))
            let listing = try NftReference.listing()
            try other.deleteTable()
            try NftCheck.expectSameListing(listing, asNftFor: blocked, endpoints: endpoints, scriptPath: path)
        }

        // Users' block sets and their rules, matched on `meta skuid`, beside the machine's and alone.
        let users: [UInt32: AddressIntervals] = [1000: inner, 4_294_967_294: edges]
        for blocked in [inner, .empty] {
            try other.apply(TableContents(blocked: blocked, userBlocked: users, endpoints: endpoints))
            let listing = try NftReference.listing()
            try other.deleteTable()
            try NftCheck.expectSameListing(
                listing, asNftFor: blocked, endpoints: endpoints, userBlocked: users, scriptPath: path)
        }

        try other.apply(TableContents(blocked: edges))
        try other.apply(.empty)
        try expect(!other.tableExists(), "no address to block, no table")
        try NftUpdateCheck.run(other)
        try NftPacketCheck.run(other)
        try NftFullHitsCheck.run(other)
    }

    /// While one `Nftables` owns the table, another and `nft` cannot change
    /// it, and `nft flush ruleset` leaves it; the listing equals nft's own.
    private static func checkOwnership(_ intervals: AddressIntervals, other: Nftables, scriptPath: String) throws {
        let owner = try Nftables()
        try owner.apply(TableContents(blocked: intervals))
        try NftCheck.expectElements(intervals)
        let listing = try NftReference.listing()
        try owner.apply(TableContents(blocked: intervals))
        try expect(try NftReference.listing() == listing, "a second apply of the same intervals changes nothing")

        try expectOwnedError("apply") { () throws(NftablesError) in try other.apply(TableContents(blocked: intervals)) }
        try expectOwnedError("deleteTable") { () throws(NftablesError) in try other.deleteTable() }
        try expect(
            (try? NftReference.nft(["delete", "table", "inet", "refocus"])) == nil,
            "nft cannot delete the owned table")
        try NftReference.nft(["flush", "ruleset"])
        try expect(owner.tableExists(), "nft flush ruleset leaves the owned table")
        try NftCheck.expectElements(intervals)

        try owner.deleteTable()
        try NftCheck.expectSameListing(listing, asNftFor: intervals, scriptPath: scriptPath)
        try owner.apply(TableContents(blocked: intervals))
    }

    private static func expectOwnedError(_ what: String, _ body: () throws(NftablesError) -> Void) throws {
        do {
            try body()
        } catch .ownedByAnotherProcess {
            return NftScenarioFacts.checked("another process's \(what) is refused: owned by another process")
        } catch {
            throw ScenarioError.failed("expected 'owned by another process', got: \(error)")
        }
        throw ScenarioError.failed("another process changed the owned table")
    }

    static func expect(_ condition: @autoclosure () throws -> Bool, _ what: String) throws {
        guard try condition() else { throw ScenarioError.failed(what) }
        NftScenarioFacts.checked(what)
    }
}
