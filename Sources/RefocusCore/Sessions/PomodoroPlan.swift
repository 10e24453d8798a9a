#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The work/break cycles of a pomodoro session (the Pomodoro app's states):
/// `cycles` work phases, a short break after each but the last, and a long
/// break at the end when `longBreak` is not zero. Blocks are enforced in
/// work phases and lifted in breaks. Lengths are whole seconds, so that
/// tests can shorten a plan to seconds; the command line speaks minutes.
public struct PomodoroPlan: Codable, Sendable, Equatable, CustomStringConvertible {
    /// One work phase.
    public let work: SessionLength
    /// The break after each work phase but the last.
    public let shortBreak: SessionLength
    /// How many work phases.
    public let cycles: Int
    /// The break after the last work phase; zero for none.
    public let longBreak: SessionLength

    /// What each part may be: a work phase 1 s to 4 h, a short break 1 s to
    /// 1 h, 1 to 12 cycles, a long break up to 2 h.
    public static let workBounds = 1...(4 * 3600)
    public static let shortBreakBounds = 1...3600
    public static let cycleBounds = 1...12
    public static let longBreakBounds = 0...(2 * 3600)

    /// 25 minutes of work, 5 of break, 4 cycles, a 15-minute long break.
    public static let standard = PomodoroPlan(checked: 1500, 300, 4, 900)

    /// A plan, its parts checked against the bounds above.
    public init(
        work: SessionLength, shortBreak: SessionLength, cycles: Int,
        longBreak: SessionLength
    ) throws(PomodoroPlanError) {
        guard Self.workBounds.contains(work.seconds) else { throw .work(work) }
        guard Self.shortBreakBounds.contains(shortBreak.seconds) else { throw .shortBreak(shortBreak) }
        guard Self.cycleBounds.contains(cycles) else { throw .cycles(cycles) }
        guard Self.longBreakBounds.contains(longBreak.seconds) else { throw .longBreak(longBreak) }
        (self.work, self.shortBreak, self.cycles, self.longBreak) = (work, shortBreak, cycles, longBreak)
    }

    private init(checked work: Int, _ shortBreak: Int, _ cycles: Int, _ longBreak: Int) {
        (self.work, self.shortBreak) = (SessionLength(seconds: work), SessionLength(seconds: shortBreak))
        (self.cycles, self.longBreak) = (cycles, SessionLength(seconds: longBreak))
    }

    /// The phases in order, each with its offsets from the plan's start.
    public var phases: [PomodoroPhase] {
        var phases: [PomodoroPhase] = []
        var offset = 0
        func add(_ kind: PhaseKind, _ length: SessionLength, _ cycle: Int) {
            phases.append(PomodoroPhase(kind: kind, cycle: cycle, start: offset, end: offset + length.seconds))
            offset += length.seconds
        }
        for cycle in 1...cycles {
            add(.work, work, cycle)
            if cycle < cycles { add(.shortBreak, shortBreak, cycle) }
        }
        if longBreak.seconds > 0 { add(.longBreak, longBreak, cycles) }
        return phases
    }

    /// How long the whole plan runs, in seconds.
    public var total: Int {
        cycles * work.seconds + (cycles - 1) * shortBreak.seconds + longBreak.seconds
    }

    /// The phase `elapsed` seconds into the plan; nil before its start or once it is over.
    public func phase(at elapsed: Double) -> PomodoroPhase? {
        guard elapsed >= 0 else { return nil }
        return phases.first { Double($0.start) <= elapsed && elapsed < Double($0.end) }
    }

    /// How many work phases had run to their end `elapsed` seconds into the plan.
    public func completedWork(at elapsed: Double) -> Int {
        phases.filter { $0.kind == .work && Double($0.end) <= elapsed }.count
    }

    /// `25m/5m x4, 15m long break`.
    public var description: String {
        "\(work)/\(shortBreak) x\(cycles)" + (longBreak.seconds > 0 ? ", \(longBreak) long break" : "")
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case work, shortBreak, cycles, longBreak }

    /// Decodes strictly, checking the bounds.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                work: try container.decode(SessionLength.self, forKey: .work),
                shortBreak: try container.decode(SessionLength.self, forKey: .shortBreak),
                cycles: try container.decode(Int.self, forKey: .cycles),
                longBreak: try container.decode(SessionLength.self, forKey: .longBreak))
        } catch let error as PomodoroPlanError {
            throw DecodingError.dataCorruptedError(forKey: .work, in: container, debugDescription: error.description)
        }
    }
}

/// What a phase of a pomodoro session is.
public enum PhaseKind: String, Codable, Sendable, CaseIterable {
    /// Blocks are enforced.
    case work
    /// The break after a work phase: blocks are lifted.
    case shortBreak = "short-break"
    /// The break after the last work phase: blocks are lifted.
    case longBreak = "long-break"

    /// Whether blocks are lifted in it.
    public var isBreak: Bool { self != .work }
}

/// One phase of a plan, with its place in it.
public struct PomodoroPhase: Sendable, Equatable {
    /// Work or a break.
    public let kind: PhaseKind
    /// The work phase it is or follows, from 1.
    public let cycle: Int
    /// Its start, in seconds from the plan's start.
    public let start: Int
    /// Its end, in seconds from the plan's start.
    public let end: Int

    /// A phase of `kind` in `cycle`, from `start` to `end`.
    package init(kind: PhaseKind, cycle: Int, start: Int, end: Int) {
        self.kind = kind
        self.cycle = cycle
        self.start = start
        self.end = end
    }
}

/// Why a pomodoro plan was refused.
public enum PomodoroPlanError: RefocusError, Equatable {
    case work(SessionLength)
    case shortBreak(SessionLength)
    case cycles(Int)
    case longBreak(SessionLength)
    case lengths(String)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case let .work(length): "a work phase of \(length) is out of range: give at most 4h, such as 25m"
        case let .shortBreak(length): "a break of \(length) is out of range: give at most 1h, such as 5m"
        case let .cycles(count): "\(count) cycles is out of range: give 1 to 12"
        case let .longBreak(length): "a long break of \(length) is out of range: give 0 (none) to 2h"
        case let .lengths(text):
            "'\(text)' is not WORK/BREAK: give two lengths such as 25/5 (minutes) or 50m/10m"
        }
    }
}

extension PomodoroPlan {
    /// Reads `WORK/BREAK` as the command line gives it: `25/5` (minutes),
    /// `50m/10m`, `1h/15m`, `20s/10s`.
    public static func lengths(_ text: String) throws(PomodoroPlanError) -> (
        work: SessionLength, shortBreak: SessionLength
    ) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let work = try? SessionLength.parse(String(parts[0]), bounds: .unbounded),
            let shortBreak = try? SessionLength.parse(String(parts[1]), bounds: .unbounded)
        else { throw .lengths(text) }
        return (work, shortBreak)
    }

    /// Whether `text` has the shape of `WORK/BREAK` (a slash between two words),
    /// as opposed to a preset's name or a session's length.
    public static func looksLikeLengths(_ text: String) -> Bool {
        text.split(separator: "/", omittingEmptySubsequences: false).count == 2
    }
}

extension PomodoroPlan {
    /// How far into the plan a session whose plan ends at `plannedEnd` is
    /// at `moment`, in seconds: the plan's total less what is left. The
    /// one formula of a session's position (see `SessionTimeline`).
    public func elapsed(endingAt plannedEnd: Date, at moment: Date) -> Double {
        Double(total) - plannedEnd.timeIntervalSince(moment)
    }

    /// The phase at `moment` of a session whose plan ends at `plannedEnd`,
    /// with when that phase ends; nil outside the plan.
    public func status(endingAt plannedEnd: Date, at moment: Date) -> PhaseStatus? {
        guard let phase = phase(at: elapsed(endingAt: plannedEnd, at: moment)) else { return nil }
        return PhaseStatus(
            kind: phase.kind, cycle: phase.cycle, cycles: cycles,
            endsAt: plannedEnd.addingTimeInterval(-Double(total - phase.end)))
    }
}
