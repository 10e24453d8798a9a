import RefocusCore
import Testing
import RefocusFeatures

/// The merge over byte buffers against the rule it implements, computed
/// with sets of strings on random sides: a line in the base stays unless a
/// present side lacks it, a line not in the base stays when a present side
/// has it, and with no base the sides' union. Sides come unsorted and with
/// repeats, domains, paths and addresses mixed.
struct ListMergeReferenceTests {
    /// A small linear congruential generator: the same sides on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    static let pool =
        (0..<30).map { "n\($0).example" } + (0..<6).map { "a.com/p\($0)" } + (0..<6).map { "192.0.2.\($0 * 7)" }
        + ["2001:db8::/32", "a.com", "a.com-b.org", "xn--bcher-kva.example", "10.0.0.0/8"]

    @Test(arguments: 0..<40)
    func mergesAsTheRuleSays(_ seed: Int) throws {
        var random = Seeded(state: UInt64(seed) + 1)
        let pick = { (random: inout Seeded) in
            (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.pool.randomElement(using: &random)! }
        }
        let base: [String]? = seed % 5 == 0 ? nil : pick(&random)
        let sides = (0..<(2 + seed % 3)).map { _ in pick(&random) }
        let outcome = ListMerge.merge(
            try BlockListName("work"), base: base.map { SyncedLines($0) }, sides: sides.map { SyncedLines($0) })
        let sideSets = sides.map(Set.init)
        let expected: Set<String>
        if let base {
            let kept = Set(base).filter { line in sideSets.allSatisfy { $0.contains(line) } }
            expected = kept.union(sideSets.reduce(Set()) { $0.union($1) }.subtracting(base))
        } else {
            expected = sideSets.reduce(Set()) { $0.union($1) }
        }
        let lines = outcome.lines?.lines ?? []
        #expect(lines == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let entries = expected.compactMap { try? BlockEntry(parsing: $0) }
        #expect(outcome.lines?.render() == SyncedListText.render(entries))
    }
}
