import RefocusCore
import RefocusEnforcement
import Testing

/// The allowed names' addresses: asked again when their bounded TTL runs
/// out, an address moved to is allowed at once and the one moved from for
/// one more life, a failure keeps what was known.
@Suite struct AllowedAddressCacheTests {
    static func address(_ text: String) -> IPAddress { (try? IPAddress(parsing: text)) ?? .v4(0) }

    /// A resolver that answers from `table` (name to addresses, TTL) and counts what it is asked.
    final class Server {
        var table: [String: ([String], UInt32)] = [:]
        var asked: [[String]] = []

        func resolve(_ names: [String]) -> [ResolvedName] {
            asked.append(names)
            return names.map { name in
                let domain = try! DomainName(validating: name)
                guard let (addresses, ttl) = table[name] else {
                    return ResolvedName(name: domain, ipv4: .timedOut, ipv6: .timedOut)
                }
                return ResolvedName(
                    name: domain, ipv4: .addresses(addresses.map(AllowedAddressCacheTests.address), ttl: ttl),
                    ipv6: .noData)
            }
        }
    }

    static func texts(_ set: Set<AddressRange>) -> [String] { set.map(\.description).sorted() }

    @Test func answersLiveTheirBoundedTimeToLiveAndMovesHaveNoGap() {
        let cache = AllowedAddressCache()
        let server = Server()
        server.table = ["docs.test": (["192.0.2.1"], 120), "fast.test": (["192.0.2.9"], 1)]
        let names = ["docs.test", "fast.test"]
        #expect(
            Self.texts(cache.addresses(of: names, now: .seconds(0), resolve: server.resolve))
                == ["192.0.2.1", "192.0.2.9"])
        #expect(cache.nextExpiry == .seconds(30), "a 1-second TTL lives the shortest life")
        _ = cache.addresses(of: names, now: .seconds(29), resolve: server.resolve)
        #expect(server.asked == [names], "nothing expired yet")

        server.table["fast.test"] = (["192.0.2.10"], 1)
        #expect(
            Self.texts(cache.addresses(of: names, now: .seconds(30), resolve: server.resolve))
                == ["192.0.2.1", "192.0.2.10", "192.0.2.9"], "the new address at once, the old for one more life")
        #expect(server.asked.last == ["fast.test"])
        #expect(
            Self.texts(cache.addresses(of: names, now: .seconds(60), resolve: server.resolve))
                == ["192.0.2.1", "192.0.2.10"], "a life later, the old one is gone")

        server.table["docs.test"] = nil
        #expect(
            Self.texts(cache.addresses(of: names, now: .seconds(120), resolve: server.resolve)).contains("192.0.2.1"),
            "a failed answer keeps what was known")
        #expect(
            Self.texts(cache.addresses(of: ["fast.test"], now: .seconds(121), resolve: server.resolve))
                == ["192.0.2.10"], "a name no longer asked for is forgotten")
    }

    @Test func aLongTimeToLiveIsBoundedAndExpireAllAsksAgain() {
        let cache = AllowedAddressCache()
        let server = Server()
        server.table = ["docs.test": (["192.0.2.1"], 86_400)]
        _ = cache.addresses(of: ["docs.test"], now: .seconds(10), resolve: server.resolve)
        #expect(cache.nextExpiry == .seconds(10) + AllowedAddressCache.longestLife)
        cache.expireAll()
        #expect(
            Self.texts(cache.addresses(of: ["docs.test"], now: .seconds(11), resolve: server.resolve)) == ["192.0.2.1"])
        #expect(server.asked.count == 2)
    }

    /// Two owners' names refreshed together (the reconciler's use): each
    /// owner's addresses are read alone, and neither owner's answers are
    /// forgotten or asked again for the other's sake, so a moved address
    /// keeps its one more life.
    @Test func twoOwnersNamesAreKeptTogether() {
        let cache = AllowedAddressCache()
        let server = Server()
        server.table = ["docs.test": (["192.0.2.1"], 600), "mail.test": (["192.0.2.2"], 600)]
        let ann = ["docs.test"], bob = ["mail.test", "docs.test"]
        cache.refresh(ann + bob, now: .seconds(0), resolve: server.resolve)
        #expect(server.asked == [["docs.test", "mail.test"]], "each name asked once")
        #expect(Self.texts(cache.known(ann)) == ["192.0.2.1"])
        #expect(Self.texts(cache.known(bob)) == ["192.0.2.1", "192.0.2.2"])
        cache.refresh(ann + bob, now: .seconds(60), resolve: server.resolve)
        #expect(server.asked.count == 1, "nothing asked again before the TTL")
        server.table["docs.test"] = (["192.0.2.7"], 600)
        cache.refresh(ann + bob, now: .seconds(601), resolve: server.resolve)
        #expect(
            Self.texts(cache.known(ann)) == ["192.0.2.1", "192.0.2.7"], "the address moved from keeps one more life")
    }
}
