/// The program a dynamic loader run by hand is asked to run:
/// `/lib64/ld-linux-x86-64.so.2 [OPTIONS] PROGRAM [ARGS]` maps PROGRAM
/// and runs it without an exec of its own, so the exec guard never sees
/// it; the program blocker reads the loader's command line instead.
///
/// The options are glibc's (`ld.so --help`): those taking a value skip it,
/// and the first other argument is the program, as the loader reads them.
/// With an option that only inspects (`--list`, `--verify`, `--help`,
/// `--version`, `--list-tunables`, `--list-diagnostics`) nothing runs.
public enum LoaderArguments {
    /// Options followed by a value.
    static let withValue: Set<[UInt8]> = Set(
        [
            "--library-path", "--inhibit-rpath", "--audit", "--preload", "--argv0",
            "--glibc-hwcaps-prepend", "--glibc-hwcaps-mask",
        ].map { Array($0.utf8) })
    /// Options that change how the program runs, without a value.
    static let flags: Set<[UInt8]> = [Array("--inhibit-cache".utf8)]
    /// Options after which the loader runs nothing.
    static let inspecting: Set<[UInt8]> = Set(
        [
            "--list", "--verify", "--help", "--version", "--list-tunables", "--list-diagnostics",
        ].map { Array($0.utf8) })

    /// The program among `cmdline`'s arguments (NUL-separated, the loader's
    /// own name first); nil when there is none or nothing runs.
    public static func program(cmdline: [UInt8]) -> [UInt8]? {
        var arguments = cmdline.split(separator: 0, omittingEmptySubsequences: false).dropFirst().makeIterator()
        while let argument = arguments.next().map(Array.init) {
            if inspecting.contains(argument) { return nil }
            if flags.contains(argument) { continue }
            if withValue.contains(argument) {
                guard arguments.next() != nil else { return nil }
                continue
            }
            return argument.isEmpty ? nil : argument
        }
        return nil
    }
}
