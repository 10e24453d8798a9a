#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// One machine's history file of one month (`history/MACHINE/YYYY-MM.jsonl`):
/// a `SyncedFocusRecord` per line, oldest first, each line read alone with
/// the one strict JSON reader (its depth cap) after the file's and the
/// line's size are checked. A bad line is skipped and named; the others
/// still count.
public enum HistoryMonthFile {
    /// The largest file written or read.
    public static let maximumBytes = 4 << 20
    /// The longest line read (32 list names of 64 bytes and a label fit well within it).
    public static let maximumLineBytes = 4 << 10
    /// The most lines read from one file; the rest are skipped.
    public static let maximumLines = 20_000

    /// Why a line or a file was skipped.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line (1 for the first); nil for the whole file.
        public let line: Int?
        /// What is wrong.
        public let reason: String

        public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
    }

    /// What a file held: the lines that kept the rules, and the problems of the others.
    public struct Contents: Sendable, Equatable {
        public var records: [SyncedFocusRecord] = []
        public var problems: [Problem] = []
    }

    /// The file of `records` (each on its own line, by start then id, sorted keys, UTC times in whole seconds).
    public static func render(_ records: [SyncedFocusRecord]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        var bytes: [UInt8] = []
        let sorted = records.sorted {
            ($0.record.start, $0.record.id) < ($1.record.start, $1.record.id)
        }
        for record in sorted {
            bytes += try encoder.encode(record)
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The records of a file of `month`: every line must be a record that
    /// started in that month, with an id not seen on an earlier line, and end
    /// with a newline (a last line without one was caught half written).
    public static func read(_ bytes: [UInt8], month: HistoryMonth) -> Contents {
        var contents = Contents()
        guard bytes.count <= maximumBytes else {
            contents.problems.append(
                Problem(line: nil, reason: "\(bytes.count) bytes, over the cap of \(maximumBytes)"))
            return contents
        }
        var seen: Set<Int64> = []
        var lineStart = 0
        var number = 0
        while lineStart < bytes.count {
            number += 1
            guard number <= maximumLines else {
                contents.problems.append(Problem(line: number, reason: "over \(maximumLines) lines; the rest skipped"))
                break
            }
            let newline = bytes[lineStart...].firstIndex(of: 0x0A)
            let lineEnd = newline ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            guard lineEnd - lineStart <= maximumLineBytes else {
                contents.problems.append(
                    Problem(line: number, reason: "\(lineEnd - lineStart) bytes, over \(maximumLineBytes)"))
                continue
            }
            guard newline != nil else {
                contents.problems.append(Problem(line: number, reason: "no newline at its end (half written)"))
                continue
            }
            switch line(Array(bytes[lineStart..<lineEnd]), month: month) {
            case .success(let record):
                guard seen.insert(record.record.id).inserted else {
                    contents.problems.append(Problem(line: number, reason: "session \(record.record.id) again"))
                    continue
                }
                contents.records.append(record)
            case .failure(let reason):
                contents.problems.append(Problem(line: number, reason: reason.description))
            }
        }
        return contents
    }

    /// One line's record, or why it is not one.
    private static func line(_ bytes: [UInt8], month: HistoryMonth) -> Result<SyncedFocusRecord, Problem> {
        let value: JSONValue
        do { value = try JSONValue(parsing: bytes) } catch {
            return .failure(Problem(line: nil, reason: "not JSON: \(error.reason)"))
        }
        let record: SyncedFocusRecord
        do { record = try JSONValueDecoder.decode(SyncedFocusRecord.self, from: value) } catch let error
            as DecodingError
        {
            return .failure(Problem(line: nil, reason: "not a session: \(error.fieldReason)"))
        } catch {
            return .failure(Problem(line: nil, reason: "not a session: \(error)"))
        }
        guard month.contains(record.record.start) else {
            return .failure(Problem(line: nil, reason: "it did not start in \(month)"))
        }
        return .success(record)
    }
}
