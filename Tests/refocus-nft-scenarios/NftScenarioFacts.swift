import Foundation
import Glibc
import RefocusCore
import RefocusNetfilter
import RefocusOS

/// What the nftables scenarios (`refocus-nft-scenarios monitor`,
/// `ownership`, `persistence`, `counters`) share: facts printed one per
/// line as `key: value` for the privileged tests to compare, `nft` run as
/// another process, and waiting for the monitor's descriptor. The
/// scenarios measure; the tests judge.
enum NftScenarioFacts {
    /// The addresses the scenarios block: a single address and a range of each kind.
    static func intervals() throws -> AddressIntervals {
        AddressIntervals(
            try ["192.0.2.1", "198.51.100.0/24", "2001:db8::1", "2001:db8:1::/48"]
                .map { try AddressRange(parsing: $0) })
    }

    /// `count` distinct addresses from 10.0.0.0, two apart so that none merge.
    static func distinctAddresses(_ count: Int) -> AddressIntervals {
        AddressIntervals((0..<count).map { AddressRange(.v4(0x0A00_0000 + UInt32($0) * 2)) })
    }

    /// Prints `checked: WHAT` on stdout, for a check that passed, so that a
    /// test sees every check ran (a skipped one is missing).
    static func checked(_ what: String) {
        print("checked: \(what)")
    }

    /// Prints `key: value` on stdout.
    static func record(_ key: String, _ value: Any) {
        print("\(key): \(value)")
    }

    /// Runs `/usr/sbin/nft arguments` as a child process and returns its exit status.
    static func nft(_ arguments: String...) throws -> Int32 {
        try ForegroundProcess.run(["/usr/sbin/nft"] + arguments)
    }

    /// Whether `descriptor` becomes readable within `milliseconds`.
    static func readable(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    /// Records what `batch` holds under `key`: counts, overflow, the first
    /// foreign generation's process and whether any touched `inet refocus`.
    static func record(_ key: String, _ batch: NftMonitorBatch) {
        record("\(key).own", batch.ownGenerationCount)
        record("\(key).foreign", batch.foreignGenerations.count)
        record("\(key).overflowed", batch.overflowed)
        record("\(key).touched", batch.foreignChangeTouchedTable)
        record("\(key).check", batch.needsTableCheck)
        if let first = batch.foreignGenerations.first {
            record("\(key).process", first.processName ?? "none")
        }
    }

    /// `state` as a fact: `missing`, `owned by us`, `orphaned`, or, owned by
    /// another socket, `owned by <name>` when it is `owners`' port, else `owned by another port`.
    static func describe(_ state: Nftables.TableState, owners: [String: Nftables] = [:]) -> String {
        guard case .ownedByOther(let port) = state else { return state.description }
        return "owned by " + (owners.first { $0.value.portID == port }?.key ?? "another port")
    }

    /// `intact` when the table's sets hold exactly `intervals`, else why not.
    static func elements(_ intervals: AddressIntervals) -> String {
        do {
            try NftCheck.expectElements(intervals)
            return "intact"
        } catch {
            return "\(error)"
        }
    }
}
