import Foundation
import RefocusCore

/// Validating pasted domains (IDNA, syntax, public suffixes), against the
/// `idn2` command converting the same names with the same library.
enum DomainBench {
    static func run() throws {
        let names = (0..<20_000).map { index in
            index % 10 == 0 ? "bücher\(index).de" : "Site-\(index).Example.COM"
        }
        let ours = try Measure.median {
            for name in names { _ = try BlockEntry(parsing: name) }
        }
        print("domains: \(names.count) names, \(names.count / 10) internationalised")
        print(
            "  refocus parse + IDNA + public-suffix check: \(Measure.format(ours)) "
                + "(\(Measure.format(ours / Double(names.count))) per name)")
        guard Measure.has("idn2") else {
            return print("  idn2 (reference): not installed; apt-get install idn2 for the ratio")
        }
        let path = NSTemporaryDirectory() + "refocus-bench-names"
        try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try Measure.median { try Measure.shell("idn2 --quiet < \(path) > /dev/null") }
        print("  idn2 (reference, IDNA only, with fork):     \(Measure.format(reference))")
        print(String(format: "  ratio refocus/idn2: %.2f", ours / reference))
    }
}
