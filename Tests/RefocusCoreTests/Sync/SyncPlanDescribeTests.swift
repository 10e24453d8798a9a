import RefocusCore
import Testing
import RefocusFeatures

/// The one line a sync prints for a changed list: the added entries, then
/// the removed ones, each in the entries' order (domains, paths, addresses),
/// whether written from the buffer (only domains) or through the entries.
struct SyncPlanDescribeTests {
    @Test(arguments: [
        (["a.com", "b.com", "192.0.2.1", "x.com/p"], ["b.com", "c.com", "10.0.0.0/8", "x.com/p", "a.com/q"]),
        (["a.com", "b.com"], ["b.com", "c.com", "a.com-b.org"]), ([], ["n2.example", "n10.example", "n1.example"]),
        (["b.com", "a.com"], []), (["1.2.3.4a", "a.com"], ["a.com", "2001:db8::/32"]),
    ])
    func namesAddedThenRemovedInTheEntriesOrder(_ old: [String], _ new: [String]) throws {
        let name = try BlockListName("work")
        let (oldEntries, newEntries) = (
            try Set(old.map(BlockEntry.init(stored:))), try Set(new.map(BlockEntry.init(stored:)))
        )
        let words =
            newEntries.subtracting(oldEntries).sorted().map { "+\($0)" }
            + oldEntries.subtracting(newEntries).sorted().map { "-\($0)" }
        let expected = ([old.isEmpty ? "work (new)" : "work"] + words).joined(separator: " ")
        let described = SyncPlan.describe(
            name, from: old.isEmpty ? nil : SyncedLines(old), to: SyncedLines(new))
        #expect(described == expected)
    }
}
