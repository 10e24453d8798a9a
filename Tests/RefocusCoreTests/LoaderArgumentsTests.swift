import RefocusCore
import Testing
import RefocusPlanning

/// The program a loader run by hand runs: after its options, as glibc's
/// loader reads them; none when it only inspects.
@Suite struct LoaderArgumentsTests {
    static func program(_ words: [String]) -> String? {
        let cmdline: [UInt8] = words.flatMap { word -> [UInt8] in Array(word.utf8) + [0] }
        return LoaderArguments.program(cmdline: cmdline).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [
        (["/lib64/ld-linux-x86-64.so.2", "./discord", "--flag"], "./discord"),
        (
            ["ld.so", "--inhibit-cache", "--argv0", "innocent", "--library-path", "/x", "/opt/d/discord"],
            "/opt/d/discord"
        ),
        (
            [
                "ld.so", "--preload", "a.so", "--audit", "b.so", "--glibc-hwcaps-mask", "m", "--inhibit-rpath", "r",
                "game",
            ], "game"
        ),
        (["ld.so", "--unknown", "x"], "--unknown"),
    ])
    func theProgramIsTheFirstArgumentAfterTheOptions(words: [String], expected: String) {
        #expect(Self.program(words) == expected)
    }

    @Test(arguments: [
        ["ld.so"], ["ld.so", "--list", "./discord"], ["ld.so", "--verify", "./discord"], ["ld.so", "--help"],
        ["ld.so", "--argv0"], ["ld.so", "--inhibit-cache"], ["ld.so", ""],
    ])
    func noProgramRunsWithoutOneOrWhenTheLoaderOnlyInspects(words: [String]) {
        #expect(Self.program(words) == nil)
    }
}
