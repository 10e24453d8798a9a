import Foundation
import RefocusCore
import RefocusSystem

/// Correctness checks of `Nftables` against `nft` itself, run before the
/// timings and alone with `refocus-bench nft --check`. Needs root; runs in
/// the private network namespace the benchmark entered.
enum NftCheck {
    /// Throws unless the kernel's sets hold exactly `intervals`, as `nft -j` lists them.
    static func expectElements(_ intervals: AddressIntervals) throws {
        for (name, expected) in [("v4", intervals.ipv4), ("v6", intervals.ipv6)] {
            let listed = try elements(ofSet: name)
            guard listed == expected else {
                throw BenchError.checkFailed("set \(name) holds \(listed.count) intervals, expected \(expected.count)"
                    + (listed.first.map { "; first listed: \($0)" } ?? ""))
            }
        }
    }

    /// The intervals of set `name` of table `inet refocus`, from `nft -j list set`.
    static func elements(ofSet name: String) throws -> [ClosedRange<IPAddress>] {
        let json = try NftReference.nft(["-j", "list", "set", "inet", "refocus", name])
        guard let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let objects = root["nftables"] as? [[String: Any]],
              let set = objects.lazy.compactMap({ $0["set"] as? [String: Any] }).first
        else { throw BenchError.checkFailed("nft -j list set \(name) printed no set") }
        let elements = set["elem"] as? [Any] ?? []
        return try elements.map(interval)
    }

    /// One element of nft's JSON: `"192.0.2.1"`, `{"prefix": {"addr": …, "len": …}}`
    /// or `{"range": [first, last]}`.
    private static func interval(_ element: Any) throws -> ClosedRange<IPAddress> {
        if let text = element as? String {
            let address = try IPAddress(parsing: text)
            return address...address
        }
        if let prefix = (element as? [String: Any])?["prefix"] as? [String: Any],
           let address = prefix["addr"] as? String, let length = prefix["len"] as? Int {
            let range = try AddressRange(address: try IPAddress(parsing: address), prefixLength: length)
            return range.first...range.last
        }
        if let bounds = (element as? [String: Any])?["range"] as? [String], bounds.count == 2 {
            return try IPAddress(parsing: bounds[0])...IPAddress(parsing: bounds[1])
        }
        throw BenchError.checkFailed("nft -j listed an element ReFocus does not know: \(element)")
    }

    /// Throws unless `ours` (the listing after `apply`) equals the listing
    /// after `nft -f` loaded the reference script for the same intervals.
    static func expectSameListing(_ ours: String, asNftFor intervals: AddressIntervals, scriptPath: String) throws {
        try Data(NftReference.script(for: intervals).utf8).write(to: URL(fileURLWithPath: scriptPath))
        try NftReference.nft(["-f", scriptPath])
        let reference = try NftReference.listing()
        try NftReference.nft(["delete", "table", "inet", "refocus"])
        guard ours == reference else {
            throw BenchError.checkFailed("nft list table differs from nft's own:\n--- refocus\n\(ours)\n--- nft -f\n\(reference)")
        }
    }
}
