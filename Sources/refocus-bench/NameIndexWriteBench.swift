import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusPlanning

/// Writing the names index as reconcile does: building its bytes
/// (`NameIndex(blocking:)`) from domains made beforehand, from an array and
/// from a `Set` (what reconcile passes: `DesiredEnforcement.indexedNames`,
/// whose order scatters the reads of the names over memory), then the atomic
/// write (`NameIndexFile.apply`: temporary sibling, fsync, rename, fsync of
/// the folder) over no file, and `apply` again with the same index (it reads
/// the file back and writes nothing). Target: a million names built and
/// written in under 300 ms, from the set. No tool does the same job: the
/// target is absolute.
enum NameIndexWriteBench {
    /// The target for building and writing a million names, in seconds.
    static let target = 0.3

    /// `refocus-bench names-index`: the build and write of `resolver` alone,
    /// at 1M names (1k with `--check`), into a file in a fresh folder on
    /// /dev/shm (tmpfs), without the resolver's mount namespace: a run short
    /// enough to iterate on. Needs root only for the file's owner check.
    static func runAlone(_ options: BenchMain.Options) throws {
        guard geteuid() == 0 else {
            return print(
                "names-index: skipped, needs root: the file is trusted only when root's (sudo refocus-bench names-index)"
            )
        }
        let size = options.checkOnly ? 1_000 : 1_000_000
        print("names-index: \(Machine.summary)")
        print("  command: \(CommandLine.arguments.joined(separator: " "))")
        let folder = "/dev/shm/refocus-bench-names-\(getpid())"
        defer { rmdir(folder) }
        try run(
            BenchDomains.make(size), sizes: [size], runs: options.checkOnly ? 2 : 7,
            file: NameIndexFile(path: folder + "/names.idx"))
        print("  load at the end: \(Machine.load)")
    }

    /// Times each size of `sizes` (a prefix of `domains`) into `file`, on tmpfs; `runs` runs a figure.
    static func run(_ domains: [DomainName], sizes: [Int], runs: Int, file: NameIndexFile) throws {
        print(
            "names index written (median of \(runs) runs, range in brackets; CPU: the runs' mean; target: 1,000,000 names built and written < "
                + "\(Measure.format(target))), \(file.path) on tmpfs:")
        for size in sizes {
            let names = domains.prefix(size)
            var index = NameIndex(blocking: [DomainName]())
            let build = CPUTiming.perRun(runs) { Samples.measure(runs: runs) { index = NameIndex(blocking: names) } }
            let set = Set(names)
            let fromSet = CPUTiming.perRun(runs) { Samples.measure(runs: runs) { index = NameIndex(blocking: set) } }
            guard index.count == size, index == NameIndex(blocking: names) else {
                throw BenchError.checkFailed(
                    "the index of \(size) names holds \(index.count), or differs by the names' order")
            }
            let write = try CPUTiming.perRun(runs) {
                try Samples.measure(runs: runs, prepare: { unlink(file.path) }) {
                    guard try file.apply(index) else {
                        throw BenchError.checkFailed("apply wrote nothing over no file")
                    }
                }
            }
            let unchanged = try Samples.measure(runs: runs) {
                guard try !file.apply(index) else { throw BenchError.checkFailed("apply rewrote an unchanged index") }
            }
            guard file.read() == index else {
                throw BenchError.checkFailed("the index file of \(size) names reads back otherwise")
            }
            let total = fromSet.result.median + write.result.median
            let verdict = size < 1_000_000 ? "" : total < target ? "; under the target" : "; OVER the target"
            print(
                "  \(size.grouped.leftPadded(9)) names, \(mebibytes(index.bytes.count)): together \(Measure.format(total)) from a set"
                    + "\(verdict), \(Measure.format(build.result.median + write.result.median)) from an array")
            print(
                "    build from a set \(fromSet.result.medianAndRange), CPU \(cpu(fromSet)); "
                    + "from an array \(build.result.medianAndRange), CPU \(cpu(build))")
            print(
                "    write \(write.result.medianAndRange), CPU \(cpu(write)); apply unchanged \(unchanged.medianAndRange)"
            )
        }
        unlink(file.path)
    }

    /// `user 150.0 ms + kernel 40.0 ms`: a run's mean CPU time, which
    /// other load on the machine changes less than the wall time.
    private static func cpu(_ timing: (result: Samples, user: Double, kernel: Double)) -> String {
        "user \(Measure.format(timing.user)) + kernel \(Measure.format(timing.kernel))"
    }

    /// `12.3 MiB`.
    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

extension Int {
    /// `1,000,000`.
    var grouped: String { formatted(.number.grouping(.automatic)) }
}
