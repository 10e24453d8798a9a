import ArgumentParser

/// `--quiet` (`-q`), for scripts and cron: the commands that change something
/// (start, stop, the list and schedule changes) print nothing when they succeed. Errors and
/// warnings still go to stderr, and output asked for (`--json`, `status`,
/// `list show`) is still printed.
///
/// `Refocus` declares it, and so do the commands it affects: the root parses
/// it wherever it stands (`refocus -q start …` or `refocus start … -q`) and
/// each command receives the root's value.
struct OutputOptions: ParsableArguments {
    @Flag(
        name: .shortAndLong,
        help: "Print nothing on success; errors still go to stderr.")
    var quiet = false

    /// Prints a confirmation or progress line on stdout, unless `--quiet`.
    func report(_ line: String) {
        if !quiet { print(line) }
    }
}
