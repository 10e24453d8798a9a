#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// `refocus history --csv`: the `--json` keys as columns, flattened into text.
extension HistoryCommand.Row {
    /// The header and a record per row, as RFC 4180 writes them (`CSVText`):
    /// times in UTC (`2026-05-10T09:00:00Z`, as `--json` writes them), or in
    /// `timeZone` with its offset (`2026-05-10T11:00:00+02:00`) when given.
    static func csv(_ rows: [Self], timeZone: TimeZone?) -> String {
        let style = timeZone.map { Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: $0) }
            ?? Date.ISO8601FormatStyle()
        return ([CSVText.record(Key.allCases.map(\.rawValue))] + rows.map { CSVText.record($0.fields(style)) }).joined()
    }

    /// The row's fields in `Key`'s order, as `--json` has them; a key that
    /// `--json` leaves out is an empty field. Lists are joined by `;` (a list
    /// name never holds one), a pomodoro plan is written as `refocus status`
    /// shows it (`25m/5m x4, 15m long break`), and `locked` is `true` or `false`.
    func fields(_ time: Date.ISO8601FormatStyle) -> [String] {
        Key.allCases.map { key in
            switch key {
            case .id: String(session.id)
            case .owner: String(session.owner)
            case .lists: session.lists.map(\.rawValue).joined(separator: ";")
            case .start: session.start.formatted(time)
            case .plannedEnd: session.plannedEnd.formatted(time)
            case .endedAt: endedAt.formatted(time)
            case .seconds: String(seconds)
            case .plannedSeconds: String(plannedSeconds)
            case .locked: String(session.locked)
            case .outcome: outcome
            case .entries: session.entries.map(String.init) ?? ""
            case .programs: session.programs.map(String.init) ?? ""
            case .label: session.label?.rawValue ?? ""
            case .pomodoro: session.progress.pomodoro?.description ?? ""
            case .completedWork: completedWork.map(String.init) ?? ""
            case .pauses: pause.map { String($0.count) } ?? ""
            case .pausedSeconds: pause.map { String($0.seconds) } ?? ""
            case .mode: session.mode.rawValue
            }
        }
    }
}
