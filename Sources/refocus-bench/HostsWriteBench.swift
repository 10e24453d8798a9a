import Foundation
import RefocusCore
import RefocusNetfilter
import RefocusOS
import RefocusEnforcement
import RefocusPlanning

/// Applying the hosts section for real: rendering the names and writing the
/// file atomically (temporary file, fsync, rename, fsync of the folder)
/// through `HostsFile`, at 1k to 300k names. Target: 300k names in at most
/// 150 ms. No tool does the same job, so this target is absolute; the
/// section-removal benchmark in `HostsBench` is the one compared with `sed`.
enum HostsWriteBench {
    static func run() throws {
        let folder = NSTemporaryDirectory() + "refocus-bench-hosts-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/hosts"
        let original = Array("127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n".utf8)
        let hosts = HostsFile(path: path, journalPath: folder + "/journal")
        let expansions = 1 + Policy.defaultSubdomains.count
        print("hosts section applied to a file (render + atomic write), names = domains x \(expansions):")
        for names in [1_000, 10_000, 100_000, 300_000] {
            let domains = try (0..<(names / expansions)).map { try DomainName(validating: "site\($0).example.com") }
            try Data(original).write(to: URL(fileURLWithPath: path))
            var body = SectionBody.empty
            let render = Measure.median(runs: 5) { body = HostsSection.body(domains: domains) }
            let write =
                try Measure.median(runs: 5) {
                    try hosts.apply(body: nil)
                    try hosts.apply(body: body)
                } - Measure.median(runs: 5) { try hosts.apply(body: nil) }
            try hosts.apply(body: body)
            guard try hosts.apply(body: nil).changed, try FileReader.readIfPresent(path) == original else {
                throw BenchError.referenceFailed("hosts round trip at \(names) names")
            }
            print(
                "  \(String(names).leftPadded(7)) names: render \(Measure.format(render)), "
                    + "write \(Measure.format(write)), total \(Measure.format(render + write))")
        }
    }
}

extension String {
    /// Right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
