import Foundation
import RefocusTestSupport
import Testing

/// The fuzzer's seed corpora (Tests/refocus-fuzz/Corpus, one folder per
/// target) replayed by the ordinary build of refocus-fuzz through the same
/// targets `make fuzz` runs under libFuzzer: a regression run of every
/// committed input, the inputs of crashes once found included.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("refocus-fuzz/Corpus").path
    static let fuzzer = Binary.buildDirectory + "/refocus-fuzz"

    @Test func everyTargetHasASeedCorpus() throws {
        let list = try Binary.execute(Self.fuzzer, ["--list"])
        #expect(list.status == 0, "\(list.stderr)")
        let targets = Set(list.stdout.split(separator: "\n").map(String.init))
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: Self.corpus))
        #expect(
            targets.count >= 8 && targets == folders, "targets \(targets.sorted()), corpus folders \(folders.sorted())")
    }

    @Test func theCorporaReplayWithoutACrash() throws {
        let run = try Binary.execute(Self.fuzzer, [Self.corpus])
        #expect(run.status == 0, "\(run.stderr)")
        let counts = run.stdout.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0].hasSuffix(":"), let count = Int(parts[1]) else { return nil }
            return (String(parts[0].dropLast()), count)
        }
        #expect(counts.count >= 8, "\(run.stdout)")
        for (target, count) in counts {
            #expect(count >= 10, "\(target): only \(count) seeds")
        }
    }
}
