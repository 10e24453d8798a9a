import Foundation
import RefocusCore
import RefocusNetfilter
import RefocusOS

/// Whether the table really rejects traffic, for both kinds of set: TCP
/// connections from loopback to addresses made local (`ip route add local`)
/// with a server listening on all of them. A blocked address is refused
/// (the rule's TCP reset; nothing else refuses, as the server listens);
/// its neighbours, just outside single addresses and ranges, connect.
/// Then the hits sets hold exactly the refused addresses, each with one
/// packet (its SYN), and the rules' counters their sum.
enum NftPacketCheck {
    /// What is blocked: single addresses (`v4`, `v6`), neighbours that merge
    /// into a range, ranges (`v4net`, `v6net`), an address inside a range.
    static let blocked = [
        "192.0.2.5", "192.0.2.9", "192.0.2.10", "192.0.2.64/26", "192.0.2.100",
        "2001:db8::5", "2001:db8::100/120",
    ]
    /// Address to probe, and whether it must be refused.
    static let probes: [(address: String, blocked: Bool)] = [
        ("192.0.2.4", false), ("192.0.2.5", true), ("192.0.2.6", false),
        ("192.0.2.8", false), ("192.0.2.9", true), ("192.0.2.10", true), ("192.0.2.11", false),
        ("192.0.2.63", false), ("192.0.2.64", true), ("192.0.2.100", true), ("192.0.2.127", true),
        ("192.0.2.128", false),
        ("2001:db8::4", false), ("2001:db8::5", true), ("2001:db8::6", false),
        ("2001:db8::ff", false), ("2001:db8::100", true), ("2001:db8::180", true), ("2001:db8::1ff", true),
        ("2001:db8::200", false),
    ]

    static func run(_ nftables: Nftables) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        else { return print("  packet check skipped: needs ip (iproute2) and python3") }
        let intervals = AddressIntervals(try blocked.map { try AddressRange(parsing: $0) })
        try nftables.apply(TableContents(blocked: intervals))
        try NftCheck.expectElements(intervals)
        guard intervals.ipv4Split.singles.count == 1, intervals.ipv4Split.ranges.count == 2,
            intervals.ipv6Split.singles.count == 1, intervals.ipv6Split.ranges.count == 1
        else { throw ScenarioError.failed("the packet check's addresses do not fill all four sets") }
        // Idempotent, so that a second run in the same namespace works too.
        try ScenarioMain.shell(
            "ip route replace local 192.0.2.0/24 dev lo && ip -6 route replace local 2001:db8::/64 dev lo")
        defer {
            try? ScenarioMain.shell(
                "ip route del local 192.0.2.0/24 dev lo; ip -6 route del local 2001:db8::/64 dev lo")
        }
        // The client binds to loopback: the reset, sent to the client's address, must not be blocked itself.
        let script = """
            import socket, sys, threading
            servers = []
            for family, anywhere in ((socket.AF_INET, "0.0.0.0"), (socket.AF_INET6, "::")):
                server = socket.socket(family)
                server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6: server.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                server.bind((anywhere, 80)); server.listen(64)
                servers.append(server)
            results = {}
            def probe(address):
                v6 = ":" in address
                s = socket.socket(socket.AF_INET6 if v6 else socket.AF_INET)
                s.settimeout(2)
                s.bind(("::1" if v6 else "127.0.0.1", 0))
                try:
                    s.connect((address, 80)); results[address] = "connected"
                except ConnectionRefusedError: results[address] = "refused"
                except socket.timeout: results[address] = "timeout"
                except OSError as error: results[address] = "error %d" % error.errno
            threads = [threading.Thread(target=probe, args=(a,)) for a in sys.argv[1:]]
            for t in threads: t.start()
            for t in threads: t.join()
            for a in sys.argv[1:]: print(results[a])
            """
        let outcomes = try output("/usr/bin/python3", ["-c", script] + probes.map(\.address))
        guard outcomes.count == probes.count else { throw ScenarioError.failed("probes printed \(outcomes)") }
        for (probe, outcome) in zip(probes, outcomes) where outcome != (probe.blocked ? "refused" : "connected") {
            throw ScenarioError.failed("\(probe.address): \(outcome), but it is \(probe.blocked ? "" : "not ")blocked")
        }
        NftScenarioFacts.checked(
            "packets refused at exactly the \(probes.filter(\.blocked).count) blocked probes; "
                + "\(probes.filter { !$0.blocked }.count) neighbours connect")
        try expectCounters(nftables)
        NftScenarioFacts.checked("one hit counted per refused address, and the rules' total is their sum")
        try nftables.deleteTable()
    }

    /// Throws unless the hits sets hold exactly the blocked probes' addresses
    /// with one packet each (no neighbour, no other address of a range), and
    /// the rules' counters their sum.
    private static func expectCounters(_ nftables: Nftables) throws {
        let refused = try probes.filter(\.blocked).map { try IPAddress(parsing: $0.address) }
        let expected = Dictionary(uniqueKeysWithValues: refused.map { ($0, UInt64(1)) })
        let hits = try nftables.hitCounters()
        guard hits == expected else {
            throw ScenarioError.failed("hit counters \(describe(hits)), expected \(describe(expected))")
        }
        let total = try nftables.blockedTotal()
        guard total == UInt64(refused.count) else {
            throw ScenarioError.failed("the rules counted \(total) packets, expected \(refused.count)")
        }
    }

    /// `192.0.2.5: 1, …`, sorted.
    static func describe(_ counters: [IPAddress: UInt64]) -> String {
        counters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }

    private static func output(_ program: String, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
