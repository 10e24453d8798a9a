import Foundation
import Glibc
import RefocusCore
import RefocusNetfilter
import RefocusOS
import RefocusDNS

/// Resolving 1,000 and 5,000 names (A and AAAA each) against dnsmasq in a
/// private network namespace: the benchmark runs itself again under
/// `unshare --net` (Glibc's module has no unshare(2)), so that no query can
/// leave the machine. Needs root; skipped otherwise.
enum ResolveBench {
    /// Set in the environment of the run inside the namespace.
    private static let insideMarker = "REFOCUS_BENCH_PRIVATE_NETWORK"

    static func run() throws {
        guard ProcessInfo.processInfo.environment[insideMarker] != nil else {
            guard getuid() == 0 else { return print("resolve: skipped, needs root for a private network namespace") }
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            // Loopback goes up before the run inside starts: Foundation needs it for Process.
            return try Measure.shell(
                "unshare --net sh -c 'ip link set lo up && \(insideMarker)=1 exec \"$0\" resolve' "
                    + "'\(executable)'")
        }
        let dnsmasq = try startDNSMasq()
        defer { dnsmasq.terminate(); dnsmasq.waitUntilExit() }
        let server = IPAddress.v4(0x7F00_0001)
        try waitUntilAnswering(server)

        print("resolve: names under bulk.test, A + AAAA each, dnsmasq on 127.0.0.1 in a private network namespace")
        for count in [1_000, 5_000] {
            let names = try (0..<count).map { try DomainName(validating: "name\($0).bulk.test") }
            var times: [Int: Double] = [:]
            for inFlight in [16, DNSClient.defaultMaxInFlight, 128, 256, 512] {
                let resolver = DNSClient(servers: [server], deadline: .seconds(30), maxInFlight: inFlight)
                var failed = 0
                let time = try Measure.median(runs: 5) {
                    failed = try resolver.resolve(names).filter { $0.failure != nil }.count
                }
                guard failed == 0 else { throw BenchError.referenceFailed("\(failed) of \(count) names failed") }
                times[inFlight] = time
                let note = inFlight == DNSClient.defaultMaxInFlight ? " (default)" : ""
                print(
                    "  \(count) names, \(inFlight) queries in flight\(note): \(Measure.format(time)) "
                        + "(\(Int(Double(count * 2) / time)) queries/s)")
            }
            // The cliff this guards against: 256 in flight took 1.03 s where 64 took 0.06 s.
            let slowest = times.filter { $0.key > DNSClient.defaultMaxInFlight }.values.max() ?? 0
            let base = times[DNSClient.defaultMaxInFlight] ?? 1
            print(
                String(
                    format: "  \(count) names: the slowest above the default / the default = %.2f "
                        + "(target: more in flight never slower than fewer, about 1; 9 to 42 at 256 before the limit adapted)",
                    slowest / base))
        }
    }

    /// dnsmasq answering 192.0.2.9 for every name under bulk.test, no data
    /// for their AAAA, and nothing it does not know (no upstream).
    private static func startDNSMasq() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/dnsmasq")
        process.arguments = [
            "--no-daemon", "--no-resolv", "--no-hosts", "--listen-address=127.0.0.1",
            "--bind-interfaces", "--user=root", "--local=/test/", "--address=/bulk.test/192.0.2.9",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Asks until dnsmasq answers, for up to 5 s: a refused query (nothing
    /// listens yet) fails at once, so the attempts are spaced.
    private static func waitUntilAnswering(_ server: IPAddress) throws {
        let probe = [try DomainName(validating: "ready.bulk.test")]
        let begun = ContinuousClock.now
        while ContinuousClock.now - begun < .seconds(5) {
            if try DNSClient(servers: [server], deadline: .milliseconds(50)).resolve(probe).first?.failure == nil {
                return
            }
            usleep(20_000)
        }
        throw BenchError.referenceFailed("dnsmasq never answered within 5 s")
    }
}
