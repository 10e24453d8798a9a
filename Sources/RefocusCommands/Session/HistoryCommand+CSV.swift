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
    static func csv(_ rows: [Self], timeZone: LocalZone?) -> String {
        let time: (Date) -> String
        if let timeZone {
            // A fixed offset per time (FoundationEssentials knows those without ICU): the zone's then.
            time = { date in
                let offset = TimeZone(secondsFromGMT: timeZone.offset(at: date)) ?? .gmt
                return date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: offset))
            }
        } else {
            let utc = Date.ISO8601FormatStyle()
            time = { $0.formatted(utc) }
        }
        return ([CSVText.record(Key.allCases.map(\.rawValue))] + rows.map { CSVText.record($0.fields(time)) }).joined()
    }

    /// The row's fields in `Key`'s order, as `--json` has them; a key that
    /// `--json` leaves out is an empty field. Lists are joined by `;` (a list
    /// name never holds one), a pomodoro plan is written as `refocus status`
    /// shows it (`25m/5m x4, 15m long break`), and `locked` is `true` or `false`.
    func fields(_ time: (Date) -> String) -> [String] {
        Key.allCases.map { key in
            switch key {
            case .id: String(session.id)
            case .owner: String(session.owner)
            case .lists: session.lists.map(\.rawValue).joined(separator: ";")
            case .start: time(session.start)
            case .plannedEnd: time(session.plannedEnd)
            case .endedAt: time(endedAt)
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
            case .reason: session.reason?.rawValue ?? ""
            }
        }
    }
}
