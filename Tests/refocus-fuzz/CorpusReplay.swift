import Foundation

/// Replays files through the fuzz targets, one call each as libFuzzer makes
/// it: the regression run of the committed corpora (Tests/refocus-fuzz/Corpus)
/// and of a crash's input. A path is a file or a folder of files; with a
/// target named, every file goes through it, else each path is a corpus
/// root whose folders are named after targets.
enum CorpusReplay {
    /// Replays `paths`; prints how many inputs each target took. Returns the
    /// exit status: 0, or 64 for a bad use, 66 for a path that cannot be read.
    static func run(_ paths: [String], targetName: String?) -> Int32 {
        guard !paths.isEmpty else {
            return fail("usage: [REFOCUS_FUZZ_TARGET=NAME] refocus-fuzz PATH...; refocus-fuzz --list", status: 64)
        }
        var counts: [(name: String, inputs: Int)] = []
        for path in paths {
            let batches: [(target: any FuzzTarget.Type, folder: String)]
            if let targetName {
                guard let target = FuzzTargets.named(targetName) else {
                    return fail("no fuzz target \(targetName); see refocus-fuzz --list", status: 64)
                }
                batches = [(target, path)]
            } else {
                var found: [(target: any FuzzTarget.Type, folder: String)] = []
                for name in entries(of: path) {
                    guard let target = FuzzTargets.named(name) else {
                        return fail("\(path)/\(name) names no fuzz target; see refocus-fuzz --list", status: 64)
                    }
                    found.append((target, path + "/" + name))
                }
                batches = found
            }
            for (target, folder) in batches {
                let files = isFolder(folder) ? entries(of: folder).map { folder + "/" + $0 } : [folder]
                for file in files {
                    guard let bytes = FileManager.default.contents(atPath: file) else {
                        return fail("cannot read \(file)", status: 66)
                    }
                    target.fuzz(Array(bytes))
                }
                counts.append((target.name, files.count))
            }
        }
        for (name, inputs) in counts { print("\(name): \(inputs) inputs replayed") }
        return 0
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The names in a folder, sorted; none for a folder that cannot be read.
    private static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        FileHandle.standardError.write(Data("refocus-fuzz: \(message)\n".utf8))
        return status
    }
}
