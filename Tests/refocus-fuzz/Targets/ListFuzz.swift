import RefocusCore
import RefocusFeatures

/// A list file's text as `ListStore` reads it (`ListText` of entries and of
/// programs), `ImportParser` (hosts files, Adblock rules, plain lists) and
/// `SyncedListText` (a synced list from another machine): the lists written
/// from what they yield must read back to the same items.
enum ListFuzz: FuzzTarget {
    static let name = "list"

    static func fuzz(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let list = try? ListText<BlockEntry>(parsing: text, source: "fuzz.domains") {
            rereads(list, input: bytes)
        }
        if let list = try? ListText<ProgramName>(parsing: text, source: "fuzz.programs") {
            rereads(list, input: bytes)
        }
        let imported = ImportParser.parse(text).entries
        FuzzCheck.require(
            (try? ListText<BlockEntry>(parsing: ListText.render(imported), source: "import"))?.items
                == Set(imported),
            "the imported entries are written to a list file that reads back", input: bytes)
        let synced = SyncedListText(parsing: text)
        let again = SyncedListText(parsing: SyncedListText.render(synced.entries))
        FuzzCheck.require(
            again.entries == synced.entries && again.issues.isEmpty && !again.isHalfWritten,
            "the synced entries are rendered to a text that reads back whole", input: bytes)
    }

    /// A list's items rendered anew, and its text edited without a change, read back to the same items.
    private static func rereads<Item: ListItem>(_ list: ListText<Item>, input: [UInt8]) {
        let rendered = try? ListText<Item>(parsing: ListText<Item>.render(list.items), source: "rendered")
        FuzzCheck.require(rendered?.items == list.items, "the rendered items read back", input: input)
        let edited = try? ListText<Item>(parsing: list.editing(), source: "edited")
        FuzzCheck.require(edited?.items == list.items, "the text edited without a change reads back", input: input)
    }
}
