#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The snapshot's `allowances` as `AllowanceSummary`'s `Codable` reads
/// them: {owner, list, dailySeconds, usedSeconds, countingSince?, resetsAt,
/// lockedUntil?, spent, programs, domains, setByAdministrator?}, unknown members ignored.
extension StatusSnapshotReader {
    /// The allowances in `object`: nil when the member is absent (or null),
    /// `.some(nil)` when it is there but not as the encoder writes it.
    static func allowances(_ object: JSONValue) -> [AllowanceSummary]?? {
        guard let value = object.present("allowances") else { return .some(nil) }
        guard let elements = value.array else { return nil }
        var summaries: [AllowanceSummary] = []
        for fields in elements {
            guard let summary = allowance(fields) else { return nil }
            summaries.append(summary)
        }
        return .some(summaries)
    }

    private static func allowance(_ fields: JSONValue) -> AllowanceSummary? {
        guard case .object = fields,
            let owner = fields["owner"]?.whole(UInt32.self),
            let list = fields["list"]?.string.flatMap({ try? BlockListName($0) }),
            let dailySeconds = fields["dailySeconds"]?.integer,
            let usedSeconds = fields["usedSeconds"]?.integer,
            let resetsAt = date(fields["resetsAt"]?.string),
            let spent = fields["spent"]?.bool,
            let programs = fields["programs"]?.integer,
            let domains = fields["domains"]?.integer
        else { return nil }
        var countingSince: Date?
        if let value = fields.present("countingSince") {
            guard let parsed = date(value.string) else { return nil }
            countingSince = parsed
        }
        var lockedUntil: Date?
        if let value = fields.present("lockedUntil") {
            guard let parsed = date(value.string) else { return nil }
            lockedUntil = parsed
        }
        var byAdministrator: Bool?
        if let value = fields.present("setByAdministrator") {
            guard let flag = value.bool else { return nil }
            byAdministrator = flag
        }
        return AllowanceSummary(
            owner: owner, list: list, dailySeconds: dailySeconds, usedSeconds: usedSeconds,
            countingSince: countingSince, resetsAt: resetsAt, lockedUntil: lockedUntil, spent: spent,
            programs: programs, domains: domains, setByAdministrator: byAdministrator)
    }
}
