#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The snapshot's `administered` as `AdministeredSummary`'s `Codable` reads
/// them: {name, lists, uids, locked, start, end}, unknown members ignored.
extension StatusSnapshotReader {
    /// The administrator's sessions in `object`: nil when the member is
    /// absent (or null), `.some(nil)` when it is there but not as the encoder writes it.
    static func administered(_ object: JSONValue) -> [AdministeredSummary]?? {
        guard let value = object.present("administered") else { return .some(nil) }
        guard let elements = value.array else { return nil }
        var summaries: [AdministeredSummary] = []
        for fields in elements {
            guard case .object = fields,
                let name = fields["name"]?.string.flatMap({ try? BlockListName($0) }),
                let listValues = fields["lists"]?.array, let uidValues = fields["uids"]?.array,
                let locked = fields["locked"]?.bool,
                let start = date(fields["start"]?.string), let end = date(fields["end"]?.string)
            else { return nil }
            let lists = listValues.compactMap { $0.string.flatMap { try? BlockListName($0) } }
            let uids = uidValues.compactMap { $0.whole(UInt32.self) }
            guard lists.count == listValues.count, uids.count == uidValues.count else { return nil }
            summaries.append(
                AdministeredSummary(name: name, lists: lists, uids: uids, locked: locked, start: start, end: end))
        }
        return .some(summaries)
    }
}
