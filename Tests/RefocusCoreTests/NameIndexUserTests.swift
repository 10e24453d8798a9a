import CNameIndex
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The names index's per-user entries (format version 2) as the NSS
/// module reads them (the same C reader, `rf_names_lookup`): a name
/// blocked for chosen uids only, everyone's entries and kept names before
/// them, the parents of a name walked when its entry is for others, the
/// caller's uid asked only when such an entry is met, and damaged uid
/// lists that can only leave names unblocked.
@Suite struct NameIndexUserTests {
    static let kid: UInt32 = 1001, sibling: UInt32 = 1002, parent: UInt32 = 1000

    static func domains(_ names: String...) throws -> Set<DomainName> {
        Set(try names.map { try DomainName(validating: $0) })
    }

    @Test func aNameBlockedForOneUserIsBlockedForThatUserAloneWithEveryNameUnderIt() throws {
        let index = NameIndex(blocking: [DomainName](), users: [Self.kid: try Self.domains("games.example")])
        for name in ["games.example", "www.games.example", "A.B.GAMES.EXAMPLE."] {
            #expect(index.match(name, uid: Self.kid) == .blocked, "\(name)")
            #expect(index.match(name, uid: Self.parent) == .none, "\(name)")
            #expect(index.match(name) == .none, "\(name), no caller")
        }
        #expect(index.match("example", uid: Self.kid) == .none)
        #expect(index.match("notgames.example", uid: Self.kid) == .none)
        #expect((index.count, index.perUserCount) == (1, 1))
        #expect(NameIndex(validating: index.bytes)?.perUserCount == 1)
    }

    @Test func aNameBlockedForEveryoneIsStoredForEveryoneEvenWhenAlsoBlockedForSomeUsers() throws {
        let index = NameIndex(
            blocking: try Self.domains("games.example"),
            users: [Self.kid: try Self.domains("games.example", "chat.example")])
        #expect((index.count, index.perUserCount) == (2, 1))
        for uid in [Self.kid, Self.sibling, Self.parent] {
            #expect(index.match("play.games.example", uid: uid) == .blocked, "\(uid)")
        }
        #expect(index.match("play.games.example") == .blocked)
        #expect(index.match("chat.example", uid: Self.parent) == .none)
    }

    @Test func aKeptNameStopsTheWalkForEveryUserAndBeatsAPerUserEntryOfItsOwnName() throws {
        let index = NameIndex(
            blocking: [DomainName](), keeping: try Self.domains("mail.google.com", "docs.google.com"),
            users: [Self.kid: try Self.domains("google.com", "docs.google.com")])
        #expect((index.count, index.perUserCount) == (3, 1))
        #expect(index.match("www.google.com", uid: Self.kid) == .blocked)
        #expect(index.match("inbox.mail.google.com", uid: Self.kid) == .kept)
        #expect(index.match("docs.google.com", uid: Self.kid) == .kept)
        #expect(index.match("www.google.com", uid: Self.parent) == .none)
    }

    /// `games.example` blocked for the kid blocks `a.games.example` for the
    /// kid even though `a.games.example` has an entry for the sibling only.
    @Test func anEntryForOtherUsersLeavesTheNameToItsParents() throws {
        let index = NameIndex(
            blocking: try Self.domains("social.example"),
            users: [
                Self.kid: try Self.domains("games.example"),
                Self.sibling: try Self.domains("a.games.example", "x.social.example"),
            ])
        #expect(index.match("z.a.games.example", uid: Self.kid) == .blocked)
        #expect(index.match("z.a.games.example", uid: Self.sibling) == .blocked)
        #expect(index.match("z.a.games.example", uid: Self.parent) == .none)
        #expect(index.match("games.example", uid: Self.sibling) == .none)
        #expect(index.match("x.social.example", uid: Self.parent) == .blocked, "everyone's parent entry")
    }

    @Test func aNameBlockedForManyUsersFindsEachOfThemAndNoOther() throws {
        let uids = (0..<300).map { UInt32($0 * 7 + 3) }
        let names = try Self.domains("shared.example")
        let index = NameIndex(
            blocking: [DomainName](), users: Dictionary(uniqueKeysWithValues: uids.map { ($0, names) }))
        #expect((index.count, index.perUserCount) == (1, 1))
        #expect(uids.allSatisfy { index.match("shared.example", uid: $0) == .blocked })
        let others = (0..<2_200).map(UInt32.init).filter { !uids.contains($0) } + [UInt32.max]
        #expect(others.allSatisfy { index.match("shared.example", uid: $0) == .none })
    }

    /// The daemon and a helper run build their dictionaries and sets in other orders.
    @Test func theBytesDependOnTheUsersNamesNotOnTheirOrder() throws {
        let names = try (0..<500).map { try DomainName(validating: "u\($0).example") }
        var generator = SystemRandomNumberGenerator()
        func users() -> [UInt32: Set<DomainName>] {
            var users: [UInt32: Set<DomainName>] = [:]
            for uid in ([Self.kid, Self.sibling, Self.parent] as [UInt32]).shuffled(using: &generator) {
                users[uid] = Set(names.shuffled(using: &generator).prefix(Int(uid % 7) * 60 + 40))
            }
            return users
        }
        let first = users()
        let index = NameIndex(blocking: names.prefix(20), keeping: names.suffix(5), users: first)
        for _ in 0..<3 {
            let again = first.mapValues { Set($0.shuffled(using: &generator)) }
            #expect(NameIndex(blocking: names.prefix(20).reversed(), keeping: names.suffix(5), users: again) == index)
        }
        #expect(NameIndex(validating: index.bytes) == index)
    }
}
