#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// What a sync publishes of this machine's history: the month files of the
/// last `publishedMonths` UTC months whose content changed since they were
/// last published, the removal of those that fell out of that window or
/// have no session left, and what is refused (a month over the file cap).
/// Pure: the records, the state and `now` in, the files out.
public struct HistoryPublication: Sendable, Equatable {
    /// How many months, this one included, are published.
    public static let publishedMonths = 13

    /// The files to write (nil: remove), by path in the store.
    public var files: [String: [UInt8]?] = [:]
    /// The state to keep once they are published.
    public var published: PublishedHistory
    /// Months not published, with why (one line each).
    public var refused: [String] = []
    /// Sessions left out, with why (one line each).
    public var skipped: [String] = []

    /// The first month published at `now`.
    public static func firstMonth(now: Date) -> HistoryMonth {
        HistoryMonth(containing: now).adding(months: 1 - publishedMonths)
    }

    /// The publication of `records` (this machine's ended sessions, with the
    /// followed start each came from) as `machine`, given what was
    /// published before.
    public init(records: [SyncedFocusRecord], machine: String, now: Date, before: PublishedHistory) throws {
        published = before
        let window = Self.firstMonth(now: now)...HistoryMonth(containing: now)
        var byMonth: [HistoryMonth: [SyncedFocusRecord]] = [:]
        for line in records {
            let month = HistoryMonth(containing: line.record.start)
            guard window.contains(month) else { continue }
            if let problem = line.problem {
                skipped.append("session \(line.record.id): \(problem)")
                continue
            }
            byMonth[month, default: []].append(line)
        }
        for month in Set(before.months.keys).union(byMonth.keys).sorted() {
            let path = "\(SyncStoreArea.history.rawValue)/\(machine)/\(month.fileName)"
            guard window.contains(month), let lines = byMonth[month] else {
                files[path] = .some(nil)
                published.months[month] = nil
                continue
            }
            let bytes = try HistoryMonthFile.render(lines)
            guard bytes.count <= HistoryMonthFile.maximumBytes else {
                refused.append(
                    "\(path): \(bytes.count) bytes, over the cap of \(HistoryMonthFile.maximumBytes); not published")
                continue
            }
            let fingerprint = PublishedHistory.fingerprint(bytes)
            guard before.months[month] != fingerprint else { continue }
            files[path] = bytes
            published.months[month] = fingerprint
        }
    }
}
