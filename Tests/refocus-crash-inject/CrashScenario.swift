/// Which way a write goes: our part written into the file, or taken out of it.
enum Direction: String, CaseIterable {
    case into
    case outOf = "out-of"
}

/// A file that one of ReFocus's writers rewrites, with what the harness
/// needs around the killed write: how to put the file back as it was, the
/// child that writes it, and what the next run does after a kill.
protocol CrashScenario {
    /// `hosts`, `firefox`, …: the first word of the summary.
    var name: String { get }
    /// The file checked after each kill.
    var file: String { get }
    /// The ways this writer goes (a crontab's schedule is only added here).
    var directions: [Direction] { get }
    /// What the killed child runs, for a write in `direction`.
    func work(_ direction: Direction) -> KilledChild.Work
    /// Puts the file, and the writer's own state, back as they are before a write in `direction`.
    func prepare(_ direction: Direction) throws
    /// What a kill left for the next run to clear (temporary files, a journal).
    func leftovers() -> [String]
    /// Makes a file interrupted in the middle of an in-place rewrite whole
    /// again, as the writer's next run does first (a journal replayed).
    /// Returns whether there was anything to do.
    func recover() throws -> Bool
    /// The next run after a kill. Returns the bytes the file must then hold
    /// (nil: any, as long as the run succeeds), after any check of its own.
    func converge(_ direction: Direction, expected: FileSnapshot) throws -> FileSnapshot?
    /// The file as it is compared (by default, the whole of it).
    func snapshot() throws -> FileSnapshot
}

extension CrashScenario {
    func recover() throws -> Bool { false }
    func snapshot() throws -> FileSnapshot { try FileSnapshot(of: file) }
}
