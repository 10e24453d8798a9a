import Foundation
import CLibFuzzer
import Glibc

/// refocus-fuzz: the parsers of untrusted bytes (`FuzzTargets`) under
/// libFuzzer when built with `-sanitize=fuzzer -DREFOCUS_LIBFUZZER`
/// (`make fuzz`), the one `REFOCUS_FUZZ_TARGET` names, with libFuzzer's
/// options and corpus folders as arguments; in any other build it replays
/// files through them (`CorpusReplay`), as the corpus test does. `--list`
/// prints the targets' names.
@main
enum FuzzMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--list"] {
            for target in FuzzTargets.all { print(target.name) }
            return
        }
        #if REFOCUS_LIBFUZZER
        guard libFuzzerTarget != nil else {
            let names = FuzzTargets.all.map { $0.name }.joined(separator: ", ")
            FileHandle.standardError.write(Data("refocus-fuzz: set REFOCUS_FUZZ_TARGET to one of \(names)\n".utf8))
            exit(64)
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        exit(CorpusReplay.run(arguments, targetName: ProcessInfo.processInfo.environment["REFOCUS_FUZZ_TARGET"]))
        #endif
    }
}

#if REFOCUS_LIBFUZZER
/// The target libFuzzer runs, named by `REFOCUS_FUZZ_TARGET`: read once.
let libFuzzerTarget = ProcessInfo.processInfo.environment["REFOCUS_FUZZ_TARGET"].flatMap(FuzzTargets.named)

/// libFuzzer's entry, which its runtime also links against: one input for the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    libFuzzerTarget?.fuzz(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#endif
