import Foundation

/// `refocus sync` of 10 lists of 10,000 entries each through a folder, as
/// a user runs it (the CLI from spawn to exit, in a home of its own under
/// a temporary folder): the first sync, which publishes every list; then,
/// after the other machine added 100 entries to each list in the folder
/// and this one 100 to each local file, the three-way merge of both. The
/// reference is `git merge-file` merging the same three versions of the
/// same ten files (the three-way merge alone: no reading of the folder,
/// no checking of entries, no atomic writes). No root needed.
enum SyncBench {
    static let lists = 10, entries = 10_000, added = 100

    static func run(_ options: BenchMain.Options) throws {
        let refocus = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/refocus"
        guard FileManager.default.isExecutableFile(atPath: refocus) else {
            throw BenchError.referenceFailed("\(refocus) is not built (swift build -c release)")
        }
        let runs = options.checkOnly ? 2 : 7
        var firsts: [Double] = [], merges: [Double] = [], references: [Double] = []
        for _ in 0..<runs {
            let folder = NSTemporaryDirectory() + "refocus-bench-sync-\(getpid())-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let home = folder + "/home", shared = folder + "/shared", merge = folder + "/merge"
            for path in [home + "/.config/refocus/lists", shared, merge] {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
            let environment = [
                "HOME=\(home)", "XDG_CONFIG_HOME=\(home)/.config", "XDG_STATE_HOME=\(home)/.state",
                "PATH=/usr/bin:/bin",
            ]
            let cli = { (arguments: [String]) in
                TimedSpawn("/usr/bin/env", ["-i"] + environment + [refocus] + arguments)
            }
            for list in 0..<lists {
                try write(names(list, 0..<entries), to: "\(home)/.config/refocus/lists/bench\(list).domains")
            }
            try check(try cli(["sync", "init", "--dir", shared]).run(), "sync init")
            let first = try cli(["sync"]).run()
            try check(first, "the first sync")
            firsts.append(first.seconds)
            // Both sides add 100 entries to every list: a three-way merge each.
            for list in 0..<lists {
                let base = names(list, 0..<entries)
                try write(
                    base + names(list, entries..<(entries + added), machine: "here"),
                    to: "\(home)/.config/refocus/lists/bench\(list).domains")
                try write(
                    (base + names(list, entries..<(entries + added), machine: "there")).sorted(),
                    to: "\(shared)/bench\(list).domains")
                try write(base, to: "\(merge)/base\(list)")
                try write(base + names(list, entries..<(entries + added), machine: "here"), to: "\(merge)/here\(list)")
                try write(
                    (base + names(list, entries..<(entries + added), machine: "there")).sorted(),
                    to: "\(merge)/there\(list)")
            }
            let second = try cli(["sync"]).run()
            try check(second, "the merging sync")
            merges.append(second.seconds)
            let merged = try String(contentsOfFile: "\(home)/.config/refocus/lists/bench0.domains", encoding: .utf8)
            guard merged.split(separator: "\n").count == entries + 2 * added else {
                throw BenchError.checkFailed(
                    "the merged list holds \(merged.split(separator: "\n").count) entries, not \(entries + 2 * added)")
            }
            let start = ContinuousClock.now
            // Its exit status counts conflicts (lines added at the same place conflict for it): not a failure here.
            try Measure.shell(
                "cd '\(merge)' && for list in $(seq 0 \(lists - 1)); do "
                    + "git merge-file -p here$list base$list there$list > /dev/null || true; done")
            references.append(Samples.seconds(ContinuousClock.now - start))
        }
        let (first, merge, reference) = (Samples(firsts), Samples(merges), Samples(references))
        print(
            "sync: \(lists) lists of \(entries.formatted()) entries through a folder (refocus sync, spawn to exit; median of \(runs))"
        )
        print("  first sync (publishes every list): \(first.medianAndRange)   target under 0.2 s")
        print(
            "  both sides added \(added) to every list, merged three ways: \(merge.medianAndRange)   "
                + "git merge-file of the same files: \(reference.medianAndRange)"
                + String(format: "   refocus/git %.2fx (target at most 1.0x)", merge.median / reference.median))
    }

    /// Entries `range` of `list`: `bench-LIST-N.test`, or from a machine: `MACHINE-LIST-N.test`.
    private static func names(_ list: Int, _ range: Range<Int>, machine: String = "bench") -> [String] {
        range.map { "\(machine)-\(list)-\($0).test" }
    }

    private static func write(_ lines: [String], to path: String) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func check(_ run: (seconds: Double, status: Int32), _ what: String) throws {
        guard run.status == 0 else { throw BenchError.referenceFailed("refocus: \(what) exited with \(run.status)") }
    }
}
