#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a session's time runs, besides its start and planned end: where it
/// is anchored on the boot-time clock, its pomodoro plan, and its pauses.
///
/// The planned end carries everything else: a pause moves it later by the
/// time paused when the session resumes, `refocus next` moves it earlier by
/// the rest of the phase skipped, and `SessionClock` moves it with the wall
/// clock. So a plan's position is always `total - (plannedEnd - now)`, and
/// phase boundaries never drift when the clock is set.
public struct SessionTimeline: Sendable, Equatable {
    /// Where its time is anchored on the boot-time clock (see `SessionClock`);
    /// nil for a session stored before anchors existed.
    public var anchor: BootAnchor?
    /// Its work/break plan; nil for a plain session, which blocks throughout.
    public var pomodoro: PomodoroPlan?
    /// When it was paused; nil while it runs.
    public var pausedAt: Date?
    /// The time it spent paused, over every pause that ended.
    public var pausedSeconds: Double
    /// How many times it was paused.
    public var pauses: Int

    /// A timeline.
    public init(
        anchor: BootAnchor? = nil, pomodoro: PomodoroPlan? = nil, pausedAt: Date? = nil,
        pausedSeconds: Double = 0, pauses: Int = 0
    ) {
        self.anchor = anchor
        self.pomodoro = pomodoro
        self.pausedAt = pausedAt
        self.pausedSeconds = pausedSeconds
        self.pauses = pauses
    }
}

/// Where a pomodoro session is: its phase, the cycle, and when the phase ends.
public struct PhaseStatus: Codable, Sendable, Equatable {
    /// Work or a break.
    public var kind: PhaseKind
    /// The work phase it is or follows, from 1.
    public var cycle: Int
    /// How many work phases the plan has.
    public var cycles: Int
    /// When the phase ends (for a paused session: when it would have, had
    /// it not been paused; the time left is `endsAt - pausedAt`).
    public var endsAt: Date

    /// A phase's status.
    public init(kind: PhaseKind, cycle: Int, cycles: Int, endsAt: Date) {
        self.kind = kind
        self.cycle = cycle
        self.cycles = cycles
        self.endsAt = endsAt
    }
}

/// A session's pauses as reports show them.
public struct PauseStatus: Codable, Sendable, Equatable {
    /// When it was paused; nil while it runs.
    public var pausedAt: Date?
    /// The time spent paused in pauses that ended, in whole seconds.
    public var seconds: Int
    /// How many times it was paused.
    public var count: Int

    /// A pause status.
    public init(pausedAt: Date?, seconds: Int, count: Int) {
        self.pausedAt = pausedAt
        self.seconds = seconds
        self.count = count
    }
}
