import Foundation
import RefocusCore
import RefocusNftReference
import RefocusNetfilter
import RefocusOS

/// Correctness checks of `Nftables` against `nft` itself, for
/// `refocus-nft-scenarios check` and the scenarios' facts. Needs root;
/// runs in the private network namespace the scenario entered.
enum NftCheck {
    /// Throws unless the table's sets hold exactly `intervals` as `nft -j`
    /// lists them: single addresses in `v4` and `v6`, ranges in `v4net` and
    /// `v6net`, and no set without elements; and the hits set of each family
    /// with addresses (`hits4`, `hits6`) exists, empty: call it before any
    /// packet goes to a blocked address.
    static func expectElements(_ intervals: AddressIntervals) throws {
        let listed = try sets()
        for (name, expected) in [("hits4", !intervals.ipv4.isEmpty), ("hits6", !intervals.ipv6.isEmpty)] {
            guard (listed[name] != nil) == expected else {
                throw ScenarioError.failed("set \(name) \(expected ? "is missing" : "exists but should not")")
            }
            if let set = listed[name], !set.elements.isEmpty {
                throw ScenarioError.failed("set \(name) holds \(set.elements.count) addresses before any traffic")
            }
        }
        try expectBlockSets(intervals, listed: listed)
        NftScenarioFacts.checked("nft lists exactly the \(intervals.count) intervals applied, and empty hits sets")
    }

    /// Throws unless the block sets of `listed` (the table's sets, by default
    /// as nft lists them now) hold exactly `intervals`, whatever the hits sets hold.
    static func expectBlockSets(
        _ intervals: AddressIntervals,
        listed: [String: (isInterval: Bool, elements: [ClosedRange<IPAddress>])]? = nil
    ) throws {
        let listed = try listed ?? sets()
        for expected in NftReference.sets(for: intervals) {
            switch listed[expected.name] {
            case nil where expected.intervals.isEmpty:
                continue
            case nil:
                throw ScenarioError.failed(
                    "set \(expected.name) is missing; expected \(expected.intervals.count) elements")
            case let set? where expected.intervals.isEmpty:
                throw ScenarioError.failed(
                    "set \(expected.name) exists (\(set.elements.count) elements) but should not")
            case let set?:
                guard set.elements == expected.intervals, set.isInterval == expected.isInterval else {
                    throw ScenarioError.failed(
                        "set \(expected.name) holds \(set.elements.count) elements"
                            + " (interval: \(set.isInterval)), expected \(expected.intervals.count) (interval: \(expected.isInterval))"
                            + (set.elements.first.map { "; first listed: \($0)" } ?? ""))
                }
            }
        }
    }

    /// The sets of table `inet refocus` by name, from `nft -j list table`:
    /// whether each has the interval flag, and its elements.
    static func sets() throws -> [String: (isInterval: Bool, elements: [ClosedRange<IPAddress>])] {
        let json = try NftReference.nft(["-j", "list", "table", "inet", "refocus"])
        guard let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let objects = root["nftables"] as? [[String: Any]]
        else { throw ScenarioError.failed("nft -j list table printed no objects") }
        var sets: [String: (isInterval: Bool, elements: [ClosedRange<IPAddress>])] = [:]
        for set in objects.compactMap({ $0["set"] as? [String: Any] }) {
            guard let name = set["name"] as? String else {
                throw ScenarioError.failed("nft -j listed a set without a name")
            }
            let flags = set["flags"] as? [String] ?? []
            sets[name] = (flags.contains("interval"), try (set["elem"] as? [Any] ?? []).map(interval))
        }
        return sets
    }

    /// One element of nft's JSON: `"192.0.2.1"`, `{"prefix": {"addr": …, "len": …}}`
    /// or `{"range": [first, last]}`, any of them wrapped as
    /// `{"elem": {"val": …, "counter": …}}` when the element has a counter.
    private static func interval(_ element: Any) throws -> ClosedRange<IPAddress> {
        if let value = ((element as? [String: Any])?["elem"] as? [String: Any])?["val"] {
            return try interval(value)
        }
        if let text = element as? String {
            let address = try IPAddress(parsing: text)
            return address...address
        }
        if let prefix = (element as? [String: Any])?["prefix"] as? [String: Any],
            let address = prefix["addr"] as? String, let length = prefix["len"] as? Int
        {
            let range = try AddressRange(address: try IPAddress(parsing: address), prefixLength: length)
            return range.first...range.last
        }
        if let bounds = (element as? [String: Any])?["range"] as? [String], bounds.count == 2 {
            return try IPAddress(parsing: bounds[0])...IPAddress(parsing: bounds[1])
        }
        throw ScenarioError.failed("nft -j listed an element ReFocus does not know: \(element)")
    }

    /// Throws unless `ours` (the listing after `apply`) equals the listing
    /// after `nft -f` loaded the reference script for the same intervals
    /// (and endpoints, and users' blocks).
    static func expectSameListing(
        _ ours: String, asNftFor intervals: AddressIntervals, endpoints: AddressIntervals = .empty,
        userBlocked: [UInt32: AddressIntervals] = [:], scriptPath: String
    ) throws {
        try Data(NftReference.script(for: intervals, endpoints: endpoints, userBlocked: userBlocked).utf8).write(
            to: URL(fileURLWithPath: scriptPath))
        try NftReference.nft(["-f", scriptPath])
        let reference = try NftReference.listing()
        try NftReference.nft(["delete", "table", "inet", "refocus"])
        guard ours == reference else {
            throw ScenarioError.failed(
                "nft list table differs from nft's own:\n--- refocus\n\(ours)\n--- nft -f\n\(reference)")
        }
        NftScenarioFacts.checked(
            "the listing equals nft's own for \(intervals.count) intervals"
                + (endpoints.isEmpty ? "" : " and \(endpoints.count) endpoints")
                + (userBlocked.isEmpty ? "" : " and \(userBlocked.count) users' blocks"))
    }
}
