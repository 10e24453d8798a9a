import RefocusCore

/// `BlockEntry(parsing:)`, which every entry typed, pasted, imported,
/// listed or sent to the helper goes through (EntryText, DomainName with
/// IDNA and the public suffix list, URLPath, AddressParser): an entry's
/// canonical text must parse back to the same entry, as typed and as stored.
enum EntryFuzz: FuzzTarget {
    static let name = "entry"

    static func fuzz(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for keepingURLPath in [false, true] {
            guard let entry = try? BlockEntry(parsing: text, keepingURLPath: keepingURLPath) else { continue }
            let canonical = entry.description
            let typed = Result { () throws(EntryError) in try BlockEntry(parsing: canonical) }
            FuzzCheck.require(
                (try? typed.get()) == entry, "the canonical text \(canonical) parses back: \(typed)", input: bytes)
            let stored = Result { try BlockEntry(stored: canonical) }
            FuzzCheck.require(
                (try? stored.get()) == entry, "the stored text \(canonical) reads back: \(stored)", input: bytes)
        }
    }
}
