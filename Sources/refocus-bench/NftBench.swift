import Foundation
import RefocusCore
import RefocusNftReference
import RefocusNetfilter
import RefocusOS

/// Loading table `inet refocus` through libnftnl (`Nftables.replace`, one
/// batch) against `nft -f` loading the same table from a script with the
/// same replace pattern, for 1k, 10k and 100k distinct, non-adjacent IPv4
/// addresses, in a private network namespace (the host's ruleset is never
/// touched). Both sides create the same empty hits set, whose elements
/// count the packets refused per address; the block sets carry no counters.
/// At each size both sides must have made the same table (`nft list`), or
/// the timing compares nothing. Then, with the table loaded, what a change
/// costs (`Nftables.apply`): adding 100 addresses, removing them again, and
/// applying what the table already holds (no netlink write at all). Whether
/// `apply` makes the right table is checked elsewhere:
/// `refocus-nft-scenarios check`, under Tests/.
enum NftBench {
    static let sizes = [1_000, 10_000, 100_000]

    /// Moves the process into a fresh network namespace, or exits: 77 when
    /// not root, 71 when unshare fails. Call before any thread starts.
    static func enterPrivateNetworkNamespace() {
        guard getuid() == 0 || geteuid() == 0 else {
            BenchMain.fail(
                "refocus-bench: nft needs root, to create a private network namespace"
                    + " (the host's ruleset is never touched); run it with sudo", status: 77)
        }
        do {
            try NetworkNamespace.enterPrivate()
        } catch {
            BenchMain.fail("refocus-bench: nft: \(error)", status: 71)
        }
    }

    /// Times every size; with `--check`, only the smallest, three runs a side.
    static func run(_ options: BenchMain.Options) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nft") else {
            throw BenchError.referenceFailed(
                "/usr/sbin/nft is missing; the reference needs it (apt-get install nftables)")
        }
        print("nft: replace table inet refocus holding N distinct IPv4 addresses (median; private netns)")
        for size in options.checkOnly ? [sizes[0]] : sizes {
            try measure(size, runs: options.checkOnly ? 3 : 7)
        }
    }

    /// `count` distinct addresses from 10.0.0.0, two apart so that none merge.
    static func addresses(_ count: Int) -> AddressIntervals {
        AddressIntervals((0..<count).map { AddressRange(.v4(0x0A00_0000 + UInt32($0) * 2)) })
    }

    private static func measure(_ count: Int, runs: Int) throws {
        let intervals = addresses(count)
        guard intervals.ipv4.count == count else { throw BenchError.checkFailed("the benchmark's addresses merged") }
        // Sleep before each timed run, of either side: the kernel frees the table a replacement
        // deleted later, in a worker (nft_hash_destroy, some 25 ms of CPU at 100k). nft -f hides
        // that behind its parsing; apply, run back to back, would compete with the previous run's.
        let settle = 0.2
        let path = NSTemporaryDirectory() + "refocus-bench-\(count).nft"
        defer { try? FileManager.default.removeItem(atPath: path) }

        let nftables = try Nftables()
        try nftables.replace(TableContents(blocked: intervals))
        let ours = try CPUTiming.measure(runs: runs, of: RUSAGE_SELF, settle: settle) {
            try nftables.replace(TableContents(blocked: intervals))
        }
        let listing = try NftReference.listing()
        var floors: [(building: Double, committing: Double)] = []
        for _ in 0..<runs {
            Thread.sleep(forTimeInterval: settle)
            let cost = try nftables.replacementCost(TableContents(blocked: intervals))
            floors.append((Samples.seconds(cost.building), Samples.seconds(cost.committing)))
        }
        let building = floors.map(\.building).sorted()[runs / 2],
            committing = floors.map(\.committing).sorted()[runs / 2]
        try nftables.replace(TableContents(blocked: intervals))
        let changes = try measureChanges(nftables, intervals, count: count, runs: runs)
        try nftables.deleteTable()

        try Data(NftReference.script(for: intervals).utf8).write(to: URL(fileURLWithPath: path))
        // posix_spawn, not Foundation's Process, which adds some 50 ms per run in a fresh namespace.
        let reference = try CPUTiming.measure(runs: runs, of: RUSAGE_CHILDREN, settle: settle) {
            let status = try ForegroundProcess.run(["/usr/sbin/nft", "-f", path])
            guard status == 0 else { throw BenchError.referenceFailed("nft -f \(path) exited with \(status)") }
        }
        guard try NftReference.listing() == listing else {
            throw BenchError.checkFailed(
                "nft -f made another table than apply at \(count) addresses: the timings compare nothing")
        }
        let twoSteps = try measureDeleteThenLoad(path, runs: runs, settle: settle)
        try NftReference.nft(["delete", "table", "inet", "refocus"])

        let label = count.formatted(.number.grouping(.automatic))
        print(
            "  \(label.padding(toLength: 8, withPad: " ", startingAt: 0)) refocus apply \(ours)   nft -f \(reference)"
                + String(format: "   nft/refocus %.1fx", reference.wall / ours.wall))
        print(
            "           of which building the batch \(Measure.format(building)), committing it \(Measure.format(committing))"
                + String(
                    format: " (the kernel-only floor: ours takes %.2fx it, the reference %.1fx)",
                    ours.wall / committing,
                    reference.wall / committing))
        print(
            "           delete table, then nft -f (simple blockers): \(Measure.format(twoSteps.total)), "
                + "blocking nothing for \(Measure.format(twoSteps.window)) of it (apply: never, one atomic batch)")
        print(
            "           then: add 100 \(Measure.format(changes.add)), remove 100 \(Measure.format(changes.remove)), "
                + "the same again \(Measure.format(changes.same)) (no netlink write)   target: under 5 ms at 100k")
    }

    /// How simple blockers apply rules: `nft delete table`, then `nft -f` of
    /// the whole table. The medians of the whole and of the window between
    /// the delete's end and the load's, when nothing is blocked.
    private static func measureDeleteThenLoad(_ path: String, runs: Int, settle: Double) throws -> (
        total: Double, window: Double
    ) {
        var totals: [Double] = [], windows: [Double] = []
        for _ in 0..<runs {
            Thread.sleep(forTimeInterval: settle)
            let begin = ContinuousClock.now
            guard try ForegroundProcess.run(["/usr/sbin/nft", "delete", "table", "inet", "refocus"]) == 0 else {
                throw BenchError.referenceFailed("nft delete table inet refocus")
            }
            let deleted = ContinuousClock.now
            guard try ForegroundProcess.run(["/usr/sbin/nft", "-f", path]) == 0 else {
                throw BenchError.referenceFailed("nft -f \(path)")
            }
            let loaded = ContinuousClock.now
            totals.append(Samples.seconds(loaded - begin))
            windows.append(Samples.seconds(loaded - deleted))
        }
        return (Samples(totals).median, Samples(windows).median)
    }

    /// The median times of `apply` adding 100 addresses to the loaded
    /// `intervals`, removing them, and applying what the table holds.
    private static func measureChanges(
        _ nftables: Nftables, _ intervals: AddressIntervals, count: Int,
        runs: Int
    ) throws -> (add: Double, remove: Double, same: Double) {
        let more = intervals.union(
            AddressIntervals((0..<100).map { AddressRange(.v4(0x0A00_0000 + UInt32(count + $0) * 2)) }))
        var adds: [Double] = [], removes: [Double] = [], sames: [Double] = []
        for _ in 0..<max(runs, 11) {
            var start = Date()
            guard case .updated(added: 100, deleted: 0) = try nftables.apply(TableContents(blocked: more)) else {
                throw BenchError.checkFailed("adding 100 addresses to \(count) was not an update of 100 elements")
            }
            adds.append(Date().timeIntervalSince(start))
            start = Date()
            guard case .updated(added: 0, deleted: 100) = try nftables.apply(TableContents(blocked: intervals)) else {
                throw BenchError.checkFailed(
                    "removing 100 addresses from \(count + 100) was not an update of 100 elements")
            }
            removes.append(Date().timeIntervalSince(start))
            // Equal contents built anew, as a reconcile builds them: compared whole, not by identity.
            let same = TableContents(blocked: addresses(count))
            start = Date()
            guard try nftables.apply(same) == Nftables.Change.none else {
                throw BenchError.checkFailed("applying what the table holds sent a batch")
            }
            sames.append(Date().timeIntervalSince(start))
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        return (median(adds), median(removes), median(sames))
    }
}
