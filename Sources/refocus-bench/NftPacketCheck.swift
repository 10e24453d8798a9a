import Foundation
import RefocusCore
import RefocusSystem

/// Whether the table really rejects traffic: a veth pair in the private
/// network namespace, TCP connections to addresses inside, just before and
/// just after blocked intervals. A blocked address is refused at once (the
/// rule's TCP reset); any other times out, as no one answers on the veth.
enum NftPacketCheck {
    /// Address to probe, and whether it must be refused.
    static let probes: [(address: String, blocked: Bool)] = [
        ("192.0.2.4", false), ("192.0.2.5", true), ("192.0.2.6", false), ("192.0.2.9", true),
        ("2001:db8::4", false), ("2001:db8::5", true), ("2001:db8::6", false),
    ]

    static func run(_ nftables: Nftables) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        else { return print("  packet check skipped: needs ip (iproute2) and python3") }
        try nftables.apply(AddressIntervals(try ["192.0.2.5", "192.0.2.9", "2001:db8::5"].map { try AddressRange(parsing: $0) }))
        try Measure.shell("""
            ip link add refocus-c0 type veth peer name refocus-c1 && ip link set refocus-c1 up && ip link set refocus-c0 up \
            && ip addr add 192.0.2.254/24 dev refocus-c0 && ip addr add 2001:db8::fe/64 dev refocus-c0 nodad
            """)
        defer { try? Measure.shell("ip link del refocus-c0") }
        // All probes at once, so that the ones that must time out cost 0.2 s together.
        let script = """
            import socket, sys, threading
            results = {}
            def probe(address):
                s = socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET)
                s.settimeout(0.2)
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
        for (probe, outcome) in zip(probes, outcomes) where (outcome == "refused") != probe.blocked {
            throw BenchError.checkFailed("\(probe.address): \(outcome), but it is \(probe.blocked ? "" : "not ")blocked")
        }
        guard outcomes.count == probes.count else { throw BenchError.checkFailed("probes printed \(outcomes)") }
        try nftables.deleteTable()
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
