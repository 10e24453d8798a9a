import Foundation
import RefocusCore
import RefocusPlanning

/// Rewriting the managed section of a large hosts file, against `sed`
/// removing the same section from the same file.
enum HostsBench {
    static func run() throws {
        // 100,000 foreign lines around a section of 5,000 expanded domains.
        var foreign = Array("127.0.0.1 localhost\n::1 localhost ip6-localhost\n".utf8)
        for index in 0..<100_000 { foreign += Array("0.0.0.0 tracker\(index).example.net\n".utf8) }
        let domains = try (0..<5_000).map { try DomainName(validating: "site\($0).example.com") }
        let body = HostsSection.body(domains: domains)
        let section = try ManagedSection(name: HostsSection.sectionName)
        let withSection = try section.split(foreign).replacingBody(with: body)

        var removed: [UInt8] = []
        let ours = try Measure.median { removed = try section.split(withSection).replacingBody(with: nil) }
        guard removed == foreign else { throw BenchError.referenceFailed("round trip") }
        let render = Measure.median { _ = HostsSection.body(domains: domains) }

        let path = NSTemporaryDirectory() + "refocus-bench-hosts"
        try Data(withSection).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sed = try Measure.median {
            try Measure.shell("sed '/^# BEGIN refocus$/,/^# END refocus$/d' \(path) > \(path).out")
        }
        try? FileManager.default.removeItem(atPath: path + ".out")

        print("hosts: \(withSection.count / 1024) KiB, \(body.lineCount) section lines")
        print("  render section body (5,000 domains x 6 names): \(Measure.format(render))")
        print("  remove section, refocus (split + render):     \(Measure.format(ours))")
        print("  remove section, sed (reference, with fork):   \(Measure.format(sed))")
        print(String(format: "  ratio refocus/sed: %.2f", ours / sed))
    }
}
