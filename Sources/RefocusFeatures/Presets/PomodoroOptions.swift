import RefocusCore

/// A `WORK/BREAK` word of the command line (`25/5`, `50m/10m`): the
/// lengths of a pomodoro plan's work phases and short breaks.
public struct PomodoroLengths: Sendable, Equatable {
    /// One work phase.
    public var work: SessionLength
    /// The break after each work phase but the last.
    public var shortBreak: SessionLength

    /// The lengths.
    public init(work: SessionLength, shortBreak: SessionLength) {
        self.work = work
        self.shortBreak = shortBreak
    }

    /// Reads `WORK/BREAK` (`PomodoroPlan.lengths`); bounds are checked when a plan is made.
    public init(_ text: String) throws(PomodoroPlanError) {
        let (work, shortBreak) = try PomodoroPlan.lengths(text)
        self.init(work: work, shortBreak: shortBreak)
    }

    /// `25m/5m`, as a preset stores it.
    public var description: String { "\(work)/\(shortBreak)" }
}

/// What the command line says of a pomodoro plan besides a `WORK/BREAK`
/// word: `--pomodoro`, `--cycles N` and `--long-break M`, shared by
/// `refocus start` and `refocus preset save`.
public struct PomodoroOptions: Sendable, Equatable {
    /// `--pomodoro`: a pomodoro session, with the standard plan unless told otherwise.
    public var requested: Bool
    /// `--cycles N`: how many work phases.
    public var cycles: Int?
    /// `--long-break M`: the break after the last work phase; zero for none.
    public var longBreak: SessionLength?

    /// The options; none given by default.
    public init(requested: Bool = false, cycles: Int? = nil, longBreak: SessionLength? = nil) {
        self.requested = requested
        self.cycles = cycles
        self.longBreak = longBreak
    }

    /// Reads `--long-break`'s value: a length (`15m`, `15`, `1h`), or `0` (in any unit) for none.
    public static func longBreak(_ text: String) throws(DurationError) -> SessionLength {
        do {
            return try SessionLength.parse(text, bounds: .unbounded)
        } catch .zero {
            return SessionLength(seconds: 0)
        }
    }

    /// The plan these options and `lengths` make on top of `base` (a
    /// preset's plan; the standard plan when nil), each part given
    /// replacing the base's; nil when neither they nor `base` ask for one.
    /// `--cycles` or `--long-break` alone, with no plan to shape, is an error.
    public func plan(lengths: PomodoroLengths?, base: PomodoroPlan?) throws(SessionChoiceError) -> PomodoroPlan? {
        guard requested || lengths != nil || base != nil else {
            if cycles != nil || longBreak != nil { throw .planOptionsWithoutPomodoro }
            return nil
        }
        let start = base ?? .standard
        do {
            return try PomodoroPlan(
                work: lengths?.work ?? start.work, shortBreak: lengths?.shortBreak ?? start.shortBreak,
                cycles: cycles ?? start.cycles, longBreak: longBreak ?? start.longBreak)
        } catch {
            throw .plan(error)
        }
    }
}
