#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// One list's use of its daily allowance over the days the store keeps, as
/// the `focus` answer carries it (`HelperResponse.usedAllowances`): the list
/// and its allowance a day once, then a column of days (days since
/// 1970-01-01, `LocalDay.number`) and one of seconds used, each one string
/// as `FocusColumns`' numbers are (`PackedColumn`), so that 32 lists of 61
/// days cost the CLI's decoder 32 small objects rather than 1,952:
/// `{"list": "video", "dailySeconds": 1800, "days": "20419,20421", "usedSeconds": "1800,95"}`.
public struct AllowanceUseColumns: Codable, Sendable, Equatable {
    /// The first and last day a column may name: 1970-01-01 to 9999-12-31.
    public static let dayNumbers = 0...2_932_896

    /// The list the allowance is for.
    public var list: BlockListName
    /// The allowance's seconds a day, as it is now; nil when it was removed.
    public var dailySeconds: Int?
    /// The days it was used, oldest first, each once.
    public var days: [LocalDay]
    /// The seconds used on each of `days`.
    public var usedSeconds: [Int]

    /// The columns of `days` (one owner's), a value per list in the order
    /// the lists first appear, each list's days in their order.
    public static func of(_ days: [AllowanceUseDay]) -> [AllowanceUseColumns] {
        var columns: [AllowanceUseColumns] = []
        var index: [BlockListName: Int] = [:]
        for day in days {
            if let at = index[day.list] {
                columns[at].days.append(day.day)
                columns[at].usedSeconds.append(day.usedSeconds)
            } else {
                index[day.list] = columns.count
                columns.append(
                    AllowanceUseColumns(
                        list: day.list, dailySeconds: day.dailySeconds, days: [day.day], usedSeconds: [day.usedSeconds])
                )
            }
        }
        return columns
    }

    /// The days of `columns` again, oldest first, then by list.
    public static func days(_ columns: [AllowanceUseColumns]) -> [AllowanceUseDay] {
        columns.flatMap { column in
            zip(column.days, column.usedSeconds).map {
                AllowanceUseDay(list: column.list, day: $0, usedSeconds: $1, dailySeconds: column.dailySeconds)
            }
        }.sorted { $0.day != $1.day ? $0.day < $1.day : $0.list < $1.list }
    }

    private enum CodingKeys: String, CodingKey { case list, dailySeconds, days, usedSeconds }

    /// Decodes one list's columns, each value checked: days in
    /// `dayNumbers`, rising; seconds in their ranges; as many seconds as
    /// days. Added keys are ignored (a newer helper may send more).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func column(_ key: CodingKeys, _ range: ClosedRange<Int>) throws -> [Int] {
            let values = PackedColumn.parse(try container.decode(String.self, forKey: key)) { Int($0) }
            guard let values, values.allSatisfy({ $0.map(range.contains) == true }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "not numbers from \(range.lowerBound) to \(range.upperBound) separated by commas")
            }
            return values.compactMap { $0 }
        }
        list = try container.decode(BlockListName.self, forKey: .list)
        dailySeconds = try container.decodeIfPresent(Int.self, forKey: .dailySeconds)
        if let dailySeconds, !(1...DailyAllowance.maximumSeconds).contains(dailySeconds) {
            throw DecodingError.dataCorruptedError(
                forKey: .dailySeconds, in: container,
                debugDescription: "must be from 1 to \(DailyAllowance.maximumSeconds)")
        }
        let numbers = try column(.days, Self.dayNumbers)
        guard zip(numbers, numbers.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw DecodingError.dataCorruptedError(forKey: .days, in: container, debugDescription: "days not rising")
        }
        days = numbers.map(LocalDay.init(number:))
        usedSeconds = try column(.usedSeconds, 0...AllowanceUseDay.maximumUsedSeconds)
        guard usedSeconds.count == days.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .usedSeconds, in: container, debugDescription: "not as many as the days")
        }
    }

    /// Encodes the columns as one string each; `dailySeconds` only when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(list, forKey: .list)
        try container.encodeIfPresent(dailySeconds, forKey: .dailySeconds)
        try container.encode(PackedColumn.join(days.map(\.number)), forKey: .days)
        try container.encode(PackedColumn.join(usedSeconds), forKey: .usedSeconds)
    }

    /// The memberwise form.
    public init(list: BlockListName, dailySeconds: Int?, days: [LocalDay], usedSeconds: [Int]) {
        self.list = list
        self.dailySeconds = dailySeconds
        self.days = days
        self.usedSeconds = usedSeconds
    }
}
