import CNetfilter
import RefocusCore
import Testing
@testable import RefocusNetfilter

/// The batch that changes a table by elements alone: only the elements
/// that differ, every deletion before every addition; nothing when nothing
/// differs; a replacement when the shape changes or a set outgrows its size.
@Suite struct NetfilterUpdateBatchTests {
    static func contents(_ texts: [String]) throws -> TableContents {
        TableContents(blocked: AddressIntervals(try texts.map { try AddressRange(parsing: $0) }))
    }

    static func update(_ old: [String], _ new: [String]) throws -> RefocusTableBatch.Update {
        let before = TableLayout(try contents(old))
        return try RefocusTableBatch.update(
            from: before, to: TableLayout(try contents(new)),
            capacities: before.capacities, firstSequence: 1)
    }

    @Test func onlyTheDifferenceDeletionsFirst() throws {
        let update = try Self.update(
            ["192.0.2.1", "192.0.2.5", "10.0.0.0/16"], ["192.0.2.5", "192.0.2.9", "10.0.0.0/15"])
        guard case let .batch(batch, added, deleted) = update else {
            Issue.record("expected a batch, got \(Self.kind(update))")
            return
        }
        // v4: 192.0.2.1 out, 192.0.2.9 in; v4net: the end of 10.0.0.0/16 (10.1.0.0) out, the end of /15 (10.2.0.0) in.
        #expect(added == 2 && deleted == 2)
        let types = try NetfilterBatchTests.messages(of: batch).map(\.type)
        let delete = UInt16(NetfilterBatchTests.nftType(NFT_MSG_DELSETELEM)),
            add = UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWSETELEM))
        let elementMessages = types.filter { $0 == delete || $0 == add }
        #expect(elementMessages == [delete, delete, add, add], "one message per set and kind, deletions first")
        #expect(!types.contains(UInt16(NetfilterBatchTests.nftType(NFT_MSG_NEWTABLE))), "the table is kept")
    }

    /// `nothing`, `batch` or `replacement`.
    static func kind(_ update: RefocusTableBatch.Update) -> String {
        switch update {
        case .nothing: "nothing"
        case .batch: "batch"
        case .replacement: "replacement"
        }
    }

    @Test func sameElementsNothingAndNewShapesOrGrowthReplace() throws {
        #expect(Self.kind(try Self.update(["192.0.2.1"], ["192.0.2.1"])) == "nothing")
        #expect(
            Self.kind(try Self.update(["192.0.2.1"], ["192.0.2.1", "2001:db8::1"])) == "replacement", "a new set (v6)")
        #expect(
            Self.kind(try Self.update(["192.0.2.1", "10.0.0.0/8"], ["192.0.2.1"])) == "replacement",
            "a set gone (v4net)")
        let many = (1...17).map { "198.51.100.\($0 * 2)" }  // two apart: none merge
        #expect(
            Self.kind(try Self.update(["192.0.2.1"], ["192.0.2.1"] + many.prefix(16))) == "batch",
            "16 more fit in a set made for 1")
        #expect(Self.kind(try Self.update(["192.0.2.1"], ["192.0.2.1"] + many)) == "replacement", "17 more outgrow it")
    }
}
