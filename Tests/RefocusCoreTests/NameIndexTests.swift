import CNameIndex
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The names index as the NSS module reads it (the same C reader,
/// `rf_names_lookup`): names and every name under them, most specific
/// entry first, and files that are not an intact index matching nothing.
@Suite struct NameIndexTests {
    static func domains(_ names: String...) throws -> [DomainName] {
        try names.map { try DomainName(validating: $0) }
    }

    @Test func aBlockedNameAndEveryNameUnderItMatchButNotANameThatOnlySharesItsText() throws {
        let index = NameIndex(blocking: try Self.domains("reddit.com", "redd.it", "xn--bcher-kva.de"))
        for name in [
            "reddit.com", "old.reddit.com", "a.b.c.reddit.com", "REDDIT.COM.", "i.redd.it", "www.xn--bcher-kva.de",
        ] {
            #expect(index.match(name) == .blocked, "\(name)")
        }
        for name in [
            "notreddit.com", "reddit.co", "com", "reddit.com.evil.example", "it", "", ".", "bücher.de",
            "reddit..com", "xreddit.com",
        ] {
            #expect(index.match(name) == .none, "\(name)")
        }
        #expect(index.count == 3)
    }

    @Test func aKeptNameUnderABlockedOneStaysUnblockedWithTheNamesUnderIt() throws {
        let index = NameIndex(blocking: try Self.domains("google.com"), keeping: try Self.domains("mail.google.com"))
        #expect(index.match("google.com") == .blocked)
        #expect(index.match("www.google.com") == .blocked)
        #expect(index.match("mail.google.com") == .kept)
        #expect(index.match("inbox.mail.google.com") == .kept)
        #expect(index.match("example.org") == .none)
    }

    @Test func aNameGivenTwiceIsStoredOnceAndKeepingWins() throws {
        let index = NameIndex(
            blocking: try Self.domains("example.com", "example.com"), keeping: try Self.domains("example.com"))
        #expect(index.count == 1)
        #expect(index.match("example.com") == .kept)
    }

    @Test func anEmptyIndexMatchesNothing() throws {
        let index = NameIndex(blocking: [DomainName]())
        #expect(index.count == 0)
        #expect(index.bytes.count == Int(RF_NAMES_HEADER_SIZE) + 1, "the header and the records' leading zero byte")
        #expect(index.match("example.com") == .none)
        #expect(NameIndex(validating: index.bytes) == index)
    }

    @Test func everyNameOfALargeIndexIsFoundAndTheTableIsAtMostHalfFull() throws {
        let names = try (0..<20_000).map { try DomainName(validating: "site\($0).example") }
        let index = NameIndex(blocking: names)
        #expect(index.count == names.count)
        #expect(names.allSatisfy { index.match("www." + $0.ascii) == .blocked })
        #expect((20_000..<20_100).allSatisfy { index.match("site\($0).example") == .none })
        let header = index.bytes.withUnsafeBytes { $0.loadUnaligned(as: rf_names_header.self) }
        #expect(Int(header.slot_count) >= 2 * names.count && header.slot_count.nonzeroBitCount == 1)
    }

    /// Truncated, extended, a flipped byte anywhere: never a crash; the
    /// header's damage makes the reader match nothing, the body's makes
    /// `validating` refuse it and can only leave names unmatched.
    @Test func aDamagedFileMatchesNothingWrongAndIsRefusedByItsChecksum() throws {
        let names = try (0..<300).map { try DomainName(validating: "name\($0).example") }
        let index = NameIndex(blocking: names)
        #expect(NameIndex(validating: index.bytes) != nil)
        for length in [0, 1, 8, 63, 64, 65, index.bytes.count / 2, index.bytes.count - 1] {
            let truncated = Array(index.bytes.prefix(length))
            #expect(NameIndex(validating: truncated) == nil)
            #expect(Self.lookup(truncated, "name1.example") == RF_NAMES_NONE)
        }
        #expect(NameIndex(validating: index.bytes + [0]) == nil)
        for position in stride(from: 0, to: index.bytes.count, by: 7) {
            var damaged = index.bytes
            damaged[position] ^= 0x5A
            #expect(NameIndex(validating: damaged) == nil, "byte \(position)")
            let found = names.prefix(40).map { Self.lookup(damaged, $0.ascii) }
            if position < Int(RF_NAMES_HEADER_SIZE) {
                #expect(found.allSatisfy { $0 == RF_NAMES_NONE }, "byte \(position)")
            }
            #expect(Self.lookup(damaged, "unrelated.example") == RF_NAMES_NONE)
        }
    }

    private static func lookup(_ bytes: [UInt8], _ name: String) -> rf_names_match {
        bytes.withUnsafeBufferPointer { map in
            name.withCString { rf_names_lookup(map.baseAddress, map.count, $0, name.utf8.count, nil) }
        }
    }
}

extension NameIndexTests {
    /// The daemon and a helper run (two processes, two orders of the same
    /// `Set`) must write the same bytes, or each run would rewrite the file.
    @Test func theBytesDependOnTheNamesNotOnTheirOrder() throws {
        let names = try (0..<2_000).map { try DomainName(validating: "order\($0).example") }
        let kept = try Self.domains("keep.order1.example")
        let index = NameIndex(blocking: names, keeping: kept)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3 {
            #expect(NameIndex(blocking: names.shuffled(using: &generator), keeping: kept).bytes == index.bytes)
        }
        #expect(NameIndex(blocking: Set(names), keeping: kept).bytes == index.bytes)
        // Names given twice, blocked and kept, in any order: the same bytes again.
        let twice = names + names.prefix(500) + kept
        for _ in 0..<3 {
            #expect(NameIndex(blocking: twice.shuffled(using: &generator), keeping: kept).bytes == index.bytes)
        }
    }

    /// Small tables fill their last slots often: a cluster there goes on at
    /// the table's start, where the reader's probe wraps to.
    @Test func everyNameIsFoundInTablesOfEverySmallSize() throws {
        let names = try (0..<300).map { try DomainName(validating: "small\($0).example") }
        var wrapped = 0
        for count in 1...names.count {
            let index = NameIndex(blocking: names.prefix(count))
            #expect(index.count == count)
            #expect(names.prefix(count).allSatisfy { index.match("x." + $0.ascii) == .blocked }, "\(count) names")
            #expect(NameIndex(validating: index.bytes) == index)
            if Self.slotsBeforeTheirHome(index.bytes) > 0 { wrapped += 1 }
        }
        #expect(wrapped > 10, "tables whose last cluster wrapped to the start")
    }

    /// How many names sit in a slot before their home slot: the wrapped ones.
    private static func slotsBeforeTheirHome(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { file in
            let header = file.loadUnaligned(as: rf_names_header.self)
            return (0..<Int(header.slot_count)).filter { index in
                let slot = file.loadUnaligned(
                    fromByteOffset: Int(header.header_size) + 8 * index, as: rf_names_slot.self)
                guard slot.record != 0 else { return false }
                let record = Int(header.records_offset) + Int(slot.record)
                let name = UnsafeRawBufferPointer(rebasing: file[(record + 2)..<(record + 2 + Int(file[record + 1]))])
                let home = Int(
                    rf_names_hash(name.bindMemory(to: UInt8.self).baseAddress, name.count)
                        & UInt64(header.slot_count - 1))
                return index < home
            }.count
        }
    }

    /// RF_NAMES_MAX_BYTES as Swift sees it (a cast in the macro once made it 0,
    /// and NameIndexFile.read refused every file).
    @Test func theLargestFileIsFourGibibytes() {
        #expect(NameIndex.maximumBytes == 1 << 32)
    }
}
