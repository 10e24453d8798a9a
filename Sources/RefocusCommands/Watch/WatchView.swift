#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusFeatures
import RefocusProtocol

/// The frame `refocus watch` shows, worked out from a snapshot, the time,
/// the terminal's size and what it can draw: pure, so that tests compare text.
///
/// The session that ends soonest (running sessions before paused ones) is
/// shown large: a ring depleting clockwise with the time left in large
/// digits inside it and its phase under them; a pomodoro session's ring and
/// digits count down its phase, another session's the whole session. Under
/// the ring: its label, lists and lock, a change that waits for its delay or
/// its emergency exit, what it has blocked so far, then
/// each other active session in one line, and each daily allowance that is
/// counting or spent in one line (alone when no session is active). A bar replaces the ring where the
/// digits do not fit inside one, and where braille cannot be drawn.
struct WatchView {
    /// What the terminal is and can show.
    struct Screen: Equatable {
        /// Its size in cells.
        var columns: Int
        var rows: Int
        /// Its colours; nil for none (NO_COLOR, or not a terminal).
        var depth: Palette.Depth?
        /// Whether only ASCII can be shown (a locale without UTF-8).
        var ascii = false
        /// Whether braille can be drawn (not the Linux console, whose fonts lack it).
        var braille = true
        /// The last line: how to quit; nil for none.
        var footer: String? = "q quits"
        /// A line about where the status comes from; nil when all is well.
        var note: String?
    }

    let snapshot: StatusSnapshot
    let now: Date
    let screen: Screen

    /// The lines of the frame, `screen.rows` of them at most.
    var lines: [String] {
        canvas.lines(screen.depth.map { Palette(depth: $0, accent: accent) })
    }

    /// The session shown large: the running one ending soonest, else the paused one ending soonest.
    var main: StatusSnapshot.ActiveSession? {
        snapshot.sessions.min { Self.order($0.session, now: now) < Self.order($1.session, now: now) }
    }

    private static func order(_ session: SessionSummary, now: Date) -> (Int, Double, Int64) {
        (session.isPaused ? 1 : 0, countdown(session, now: now).left, session.id)
    }

    /// The colour of the session shown: sage in a break, dim while paused, tomato otherwise.
    var accent: Palette.Accent {
        guard let session = main?.session else { return .work }
        if session.isPaused { return .paused }
        switch session.phase(at: now)?.kind {
        case .shortBreak?, .longBreak?: return .rest
        case .work?, nil: return .work
        }
    }

    /// What the ring and digits count down for `session`: its phase's time
    /// left and length with a plan, else the session's (its run less pauses).
    static func countdown(_ session: SessionSummary, now: Date) -> (left: Double, length: Double) {
        let frozen = session.progress.pause?.pausedAt ?? now
        if let phase = session.phase(at: now), let plan = session.progress.pomodoro {
            let length =
                switch phase.kind {
                case .work: plan.work.seconds
                case .shortBreak: plan.shortBreak.seconds
                case .longBreak: plan.longBreak.seconds
                }
            return (max(0, phase.endsAt.timeIntervalSince(frozen)), Double(length))
        }
        let length = session.plannedEnd.timeIntervalSince(session.start) - Double(session.progress.pause?.seconds ?? 0)
        return (session.timeLeft(at: now), max(1, length))
    }

    private var canvas: Canvas {
        var canvas = Canvas(width: screen.columns, height: screen.rows)
        guard let active = main else {
            var text = ["No active session.", "The next one shows here when it starts."] + allowanceLines
            text += [screen.note, screen.footer].compactMap { $0 }
            let top = max(0, (screen.rows - text.count) / 2)
            for (offset, line) in text.enumerated() {
                canvas.centre(line, row: top + offset, style: offset == 0 ? .bold : .dim)
            }
            return canvas
        }
        let session = active.session
        let (left, length) = Self.countdown(session, now: now)
        let remaining = min(1, left / length)
        let clock = BigDigits.clock(left)
        let big = BigDigits.width(clock) <= screen.columns
        let digits = big ? BigDigits.rows(clock, ascii: screen.ascii) : [clock]
        let details = self.details(active)
        let status = session.isPaused ? "paused" + separator + phaseName(session) : phaseName(session)
        // The largest ring that leaves room for the details, if the digits and status fit inside it.
        let ringRows = min(screen.rows - details.count - 1, (screen.columns - 2) / 2)
        let ring = Ring(rows: ringRows)
        if screen.braille, !screen.ascii, big, ringRows > 0, ring.fits(width: digits[0].count, height: digits.count + 2)
        {
            let top = max(0, (screen.rows - ringRows - 1 - details.count) / 2)
            let left = (screen.columns - ring.columns) / 2
            for (row, line) in ring.lines(remaining: remaining).enumerated() {
                canvas.put(line, row: top + row, column: left, style: .accent)
            }
            let digitsTop = top + (ringRows - digits.count - 2) / 2
            put(digits, status: status, at: digitsTop, into: &canvas)
            put(details, at: top + ringRows + 1, into: &canvas)
        } else {
            let height = digits.count + 3 + details.count
            let top = max(0, (screen.rows - height) / 2)
            put(digits, status: status, at: top, into: &canvas)
            let width = max(1, min(screen.columns - 4, 60))
            canvas.centre(
                Ring.bar(width: width, remaining: remaining, ascii: screen.ascii),
                row: top + digits.count + 2, style: .accent)
            put(details, at: top + digits.count + 4, into: &canvas)
        }
        return canvas
    }

    private func put(_ digits: [String], status: String, at top: Int, into canvas: inout Canvas) {
        for (offset, line) in digits.enumerated() {
            canvas.put(line, row: top + offset, column: (screen.columns - line.count) / 2, style: .accentBold)
        }
        canvas.centre(status, row: top + digits.count + 1, style: .accent)
    }

    private func put(_ details: [(String, Canvas.Style)], at top: Int, into canvas: inout Canvas) {
        for (offset, (text, style)) in details.enumerated() {
            canvas.centre(text, row: top + offset, style: style)
        }
    }

    /// What separates the parts of a line: a middle dot, or a dash in ASCII.
    private var separator: String { screen.ascii ? " - " : " · " }

    /// `work 2/4`, `break 2/4`, `long break`; `focus` without a plan.
    private func phaseName(_ session: SessionSummary) -> String {
        session.phase(at: now).map(SessionFormat.name) ?? "focus"
    }

    /// The lines under the ring: label, lists, counts, the other sessions, the note and the footer.
    private func details(_ active: StatusSnapshot.ActiveSession) -> [(String, Canvas.Style)] {
        let session = active.session
        var lines: [(String, Canvas.Style)] = []
        if let label = session.label { lines.append((label.rawValue, .bold)) }
        var about = [session.lists.map(\.rawValue).joined(separator: ", ")]
        if session.locked { about.append("locked") }
        if session.isPaused {
            about.append(
                "\(EndTime.length(until: session.plannedEnd, from: session.progress.pause?.pausedAt ?? now)) left")
        } else {
            about.append("until " + SessionFormat.time(session.plannedEnd, now: now))
        }
        lines.append((about.joined(separator: separator), .plain))
        // A change that waits: `stopping at 14:35 (delay)`, `ending at 14:35 (emergency exit)`.
        if let pending = session.pending { lines.append((SessionFormat.pending(pending, now: now), .bold)) }
        lines.append(
            (
                Self.counted(Int(clamping: active.blockedAttempts), "blocked attempt") + separator
                    + Self.counted(active.programsKilled, "program killed", plural: "programs killed"), .dim
            ))
        for other in snapshot.sessions where other.session.id != session.id {
            lines.append(("also " + SessionFormat.line(other.session, now: now), .plain))
        }
        lines += allowanceLines.map { ($0, .plain) }
        lines += [screen.note, screen.footer].compactMap { $0 }.map { ($0, .dim) }
        return lines
    }

    /// A line for each daily allowance counting or spent, as `refocus status` writes it.
    private var allowanceLines: [String] {
        (snapshot.allowances ?? []).filter { AllowanceFormat.brief($0, now: now) != nil }.map {
            AllowanceFormat.line($0, now: now)
        }
    }

    /// `1 blocked attempt`, `12 blocked attempts`.
    static func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
