import Foundation
import RefocusCore
import RefocusSystem

/// The reference side of the nft benchmark: the same table as
/// `Nftables.apply` builds, written as an nft script, and `nft` itself to
/// load and list it.
enum NftReference {
    /// The nft script that replaces table `inet refocus` with the table
    /// `Nftables.apply` builds for `intervals`: same chains, sets (with the
    /// same size hint), rules and elements.
    static func script(for intervals: AddressIntervals) -> String {
        let rules = """
                    ip daddr @v4 meta l4proto tcp counter reject with tcp reset
                    ip daddr @v4 counter reject with icmpx admin-prohibited
                    ip6 daddr @v6 meta l4proto tcp counter reject with tcp reset
                    ip6 daddr @v6 counter reject with icmpx admin-prohibited
            """
        return """
            table inet refocus
            delete table inet refocus
            table inet refocus {
            \(set("v4", type: "ipv4_addr", intervals.ipv4))
            \(set("v6", type: "ipv6_addr", intervals.ipv6))
                chain output {
                    type filter hook output priority 0; policy accept;
            \(rules)
                }
                chain forward {
                    type filter hook forward priority 0; policy accept;
            \(rules)
                }
            }

            """
    }

    private static func set(_ name: String, type: String, _ intervals: [ClosedRange<IPAddress>]) -> String {
        guard !intervals.isEmpty else { return "    set \(name) { type \(type); flags interval; }" }
        let elements = intervals.map { interval in
            interval.lowerBound == interval.upperBound
                ? interval.lowerBound.description
                : "\(interval.lowerBound)-\(interval.upperBound)"
        }
        let size = Nftables.setElementCount(for: intervals)
        return "    set \(name) { type \(type); flags interval; size \(size);"
            + " elements = { \(elements.joined(separator: ", ")) } }"
    }

    /// Runs `nft` with `arguments` and returns what it printed; throws with
    /// its error output when it fails.
    @discardableResult
    static func nft(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nft")
        process.arguments = arguments
        let output = Pipe()
        // A file, not a pipe: nft may echo a whole failing script line, more than a pipe holds.
        let errorPath = NSTemporaryDirectory() + "refocus-bench-nft.err"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = FileManager.default.contents(atPath: errorPath).map { String(decoding: $0.prefix(2048), as: UTF8.self) }
            throw BenchError.referenceFailed("nft \(arguments.joined(separator: " ")): "
                + (message ?? "").split(separator: "\n").joined(separator: " / "))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `nft list table inet refocus` without what differs by who loaded the
    /// table: the owner comment on the first line, the table's `flags` line
    /// and the empty line after it.
    static func listing() throws -> String {
        var lines = try nft(["list", "table", "inet", "refocus"])
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.first?.hasPrefix("table inet refocus {") == true { lines[0] = "table inet refocus {" }
        if lines.count > 2, lines[1].hasPrefix("\tflags ") {
            lines.remove(at: 1)
            if lines[1].isEmpty { lines.remove(at: 1) }
        }
        return lines.joined(separator: "\n")
    }
}
