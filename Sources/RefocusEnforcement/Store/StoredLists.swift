import Foundation
import RefocusCore
import RefocusOS
import RefocusProtocol

/// A session's lists as the store keeps them in its `lists` column: the JSON
/// that `BlockList` encodes (`[{"name": …, "entries": […], "programs": […]}]`).
///
/// Stored rows are trusted data: they were validated when the helper wrote
/// them, so they are read back without the checks that depend on data a
/// distribution update may change (the public suffix list): a domain that
/// has since become a public suffix must not make a running session, or
/// every session, unreadable. The syntax is still checked, so that nothing
/// but host names ever reaches /etc/hosts.
enum StoredLists {
    /// The column's text for `lists`.
    static func encode(_ lists: [BlockList]) throws -> String {
        String(decoding: try HelperProtocol.encoder().encode(lists), as: UTF8.self)
    }

    /// The lists in a column's text; throws naming what is wrong.
    static func decode(_ text: String) throws -> [BlockList] {
        try JSONDecoder().decode([Row].self, from: Data(text.utf8)).map { row in
            BlockList(
                name: try BlockListName(row.name), entries: Set(try row.entries.map(BlockEntry.init(stored:))),
                programs: Set(try row.programs.map { try ProgramName($0) }))
        }
    }

    /// One list as stored.
    private struct Row: Decodable {
        let name: String
        let entries: [String]
        let programs: [String]
    }
}
