import Foundation
import RefocusCore
import RefocusNetfilter
import RefocusOS

/// `nft` itself as the reference for table `inet refocus`: the same table
/// as `Nftables.apply` builds, written as an nft script, and `nft` to load
/// and list it. What `refocus-bench nft` times `apply` against, and what
/// `refocus-nft-scenarios check` compares its listings with. Running `nft`
/// needs root; run it only in a network namespace of its own.
public enum NftReference {
    /// One of the table's four sets as the reference writes it.
    public struct SetLayout: Sendable {
        /// `v4`, `v4net`, `v6` or `v6net`.
        public let name: String
        /// `ip` or `ip6`, as a rule matches the destination.
        public let match: String
        /// `ipv4_addr` or `ipv6_addr`.
        public let type: String
        /// Whether the set has the interval flag (ranges) or not (single addresses).
        public let isInterval: Bool
        /// What the set holds; a single address is `a...a`.
        public let intervals: [ClosedRange<IPAddress>]
    }

    /// The four sets for `intervals`, empty ones included, in the table's
    /// order: single addresses in plain sets, ranges in interval sets.
    public static func sets(for intervals: AddressIntervals) -> [SetLayout] {
        [("v4", "ip", "ipv4_addr", intervals.ipv4Split), ("v6", "ip6", "ipv6_addr", intervals.ipv6Split)]
            .flatMap { name, match, type, split in
                [
                    SetLayout(
                        name: name, match: match, type: type, isInterval: false,
                        intervals: split.singles.map { $0...$0 }),
                    SetLayout(name: name + "net", match: match, type: type, isInterval: true, intervals: split.ranges),
                ]
            }
    }

    /// The nft script that replaces table `inet refocus` with the table
    /// `Nftables.apply` builds for `intervals`: same chains, block sets (only
    /// those with elements, with the same size hint), hits sets (one per
    /// family with a block set), rules (after `ct direction reply accept`,
    /// the first rule of each chain) and elements; for `userBlocked`, each
    /// user's block sets (`u<uid>_4`, `u<uid>_4net`, …) and, in the output
    /// chain only, their rules matched on `meta skuid`; and, for `endpoints`,
    /// the sets `doh4` and `doh6` refused on TCP and UDP ports 443 and 853.
    public static func script(
        for intervals: AddressIntervals, endpoints: AddressIntervals = .empty,
        userBlocked: [UInt32: AddressIntervals] = [:]
    ) -> String {
        let sets = sets(for: intervals).filter { !$0.intervals.isEmpty }
        let users = userBlocked.keys.sorted().map { uid in
            (
                uid,
                Self.sets(for: userBlocked[uid] ?? .empty).map { set in
                    SetLayout(
                        name: "u\(uid)_\(set.name.dropFirst())", match: set.match, type: set.type,
                        isInterval: set.isInterval, intervals: set.intervals)
                }.filter { !$0.intervals.isEmpty }
            )
        }
        let endpointSets = [("doh4", "ip", "ipv4_addr", endpoints.ipv4), ("doh6", "ip6", "ipv6_addr", endpoints.ipv6)]
            .map { SetLayout(name: $0.0, match: $0.1, type: $0.2, isInterval: true, intervals: $0.3) }
            .filter { !$0.intervals.isEmpty }
        let hits = [("ip", "hits4", "ipv4_addr"), ("ip6", "hits6", "ipv6_addr")].filter { match, _, _ in
            (sets + users.flatMap(\.1)).contains { $0.match == match }
        }
        let machineRules = sets.map { blockRules(for: $0, owner: nil) }.joined()
        let userRules = users.flatMap { uid, sets in sets.map { blockRules(for: $0, owner: uid) } }.joined()
        let endpointRules = endpointSets.map { set -> String in
            DoHEndpoints.ports.flatMap { port in
                [
                    "\n            meta l4proto tcp th dport \(port) \(set.match) daddr @\(set.name) counter reject with tcp reset",
                    "\n            meta l4proto udp th dport \(port) \(set.match) daddr @\(set.name) counter reject with icmpx admin-prohibited",
                ]
            }.joined()
        }.joined()
        let hitsDefinitions = hits.map { _, name, type -> String in
            "    set \(name) { type \(type); size \(hitsCapacity); flags dynamic; counter; }"
        }
        let definitions =
            sets.map(definition) + users.flatMap(\.1).map(definition) + endpointSets.map(definition)
            + hitsDefinitions
        return """
            table inet refocus
            delete table inet refocus
            table inet refocus {
            \(definitions.joined(separator: "\n"))
                chain output {
                    type filter hook output priority 0; policy accept;
                    ct direction reply accept\(machineRules + userRules + endpointRules)
                }
                chain forward {
                    type filter hook forward priority 0; policy accept;
                    ct direction reply accept\(machineRules + endpointRules)
                }
            }

            """
    }

    /// The three rules of block set `set`, each on a line of its own after
    /// a line break, matched on `meta skuid <owner>` first for a user's set.
    private static func blockRules(for set: SetLayout, owner: UInt32?) -> String {
        let hits = set.match == "ip" ? "hits4" : "hits6"
        let user = owner.map { "meta skuid \($0) " } ?? ""
        return [
            "\(user)\(set.match) daddr @\(set.name) update @\(hits) { \(set.match) daddr }",
            "\(user)meta l4proto tcp \(set.match) daddr @\(set.name) counter reject with tcp reset",
            "\(user)\(set.match) daddr @\(set.name) counter reject with icmpx admin-prohibited",
        ].map { "\n            " + $0 }.joined()
    }

    /// How many addresses a hits set records, as `Nftables` makes them.
    public static let hitsCapacity = 65_536

    private static func definition(_ set: SetLayout) -> String {
        let elements = set.intervals.map { interval in
            interval.lowerBound == interval.upperBound
                ? interval.lowerBound.description
                : "\(interval.lowerBound)-\(interval.upperBound)"
        }
        let size = Nftables.capacity(
            forElements: set.isInterval
                ? Nftables.intervalSetElementCount(for: set.intervals)
                : set.intervals.count)
        return "    set \(set.name) { type \(set.type);\(set.isInterval ? " flags interval;" : "") size \(size);"
            + " elements = { \(elements.joined(separator: ", ")) } }"
    }

    /// Runs `nft` with `arguments` and returns what it printed; throws
    /// `NftReferenceError` with its error output when it fails.
    @discardableResult
    public static func nft(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nft")
        process.arguments = arguments
        let output = Pipe()
        // A file, not a pipe: nft may echo a whole failing script line, more than a pipe holds.
        let errorPath = NSTemporaryDirectory() + "refocus-nft-reference-\(getpid()).err"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = FileManager.default.contents(atPath: errorPath).map {
                String(decoding: $0.prefix(2048), as: UTF8.self)
            }
            throw NftReferenceError(
                message: "nft \(arguments.joined(separator: " ")): "
                    + (message ?? "").split(separator: "\n").joined(separator: " / "))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `nft list table inet refocus` without what differs by who loaded the
    /// table: the owner comment on the first line, the table's `flags` line
    /// and the empty line after it.
    public static func listing() throws -> String {
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

/// `nft` failed: the command and what it printed on stderr.
public struct NftReferenceError: Error, CustomStringConvertible {
    /// `nft ARGUMENTS: ERROR OUTPUT`, its lines joined with ` / `.
    public let message: String

    /// The message.
    public var description: String { message }
}
