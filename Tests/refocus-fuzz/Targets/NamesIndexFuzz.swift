import CNameIndex

/// The names index as the NSS module reads it (`rf_names_lookup`), with
/// per-user entries: the input is a caller's uid (4 bytes) and a records
/// region, which the target indexes as the writer would (a header with its
/// checksum, a slot for each record it can walk) without checking the
/// records, so that kinds, lengths and uid lists of any value reach the
/// reader. Each record's name, and a name under it, is looked up for no
/// caller, for the uid, and for a caller who cannot be told: a uid only
/// adds blocks of its own entries to what no caller gets, and a caller who
/// cannot be told gets every per-user entry, so at least what the uid gets.
enum NamesIndexFuzz: FuzzTarget {
    static let name = "names"

    static func fuzz(_ bytes: [UInt8]) {
        guard bytes.count >= 4 else { return }
        var uid = bytes[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let (file, names) = index(records: [0] + bytes[4...])
        for name in names.prefix(64) {
            for asked in [name, "x." + name] {
                let plain = lookup(file, asked, nil)
                let mine = withUnsafeMutablePointer(to: &uid) { context in
                    var caller = rf_names_caller(uid: rf_names_fixed_uid, context: context)
                    return lookup(file, asked, &caller)
                }
                var untold = rf_names_caller(uid: { _, _ in 0 }, context: nil)
                let unknown = lookup(file, asked, &untold)
                FuzzCheck.require(
                    mine == plain || mine == RF_NAMES_BLOCKED, "a uid only adds its own entries' blocks: \(asked)",
                    input: bytes)
                FuzzCheck.require(
                    unknown == mine || unknown == RF_NAMES_BLOCKED,
                    "a caller who cannot be told gets every per-user entry: \(asked)", input: bytes)
            }
        }
    }

    private static func lookup(_ file: [UInt8], _ name: String, _ caller: UnsafePointer<rf_names_caller>?)
        -> rf_names_match
    {
        file.withUnsafeBufferPointer { map in
            name.withCString { rf_names_lookup(map.baseAddress, map.count, $0, name.utf8.count, caller) }
        }
    }

    /// An index file around `records`, with a slot for each record walked
    /// by the sizes the records claim, and the names of those records.
    private static func index(records: [UInt8]) -> (file: [UInt8], names: [String]) {
        var found: [(offset: Int, name: [UInt8])] = []
        var offset = 1
        while offset + 2 <= records.count, found.count < 1_000 {
            let nameEnd = offset + 2 + Int(records[offset + 1])
            guard nameEnd <= records.count else { break }
            found.append((offset, Array(records[(offset + 2)..<nameEnd])))
            guard records[offset] == UInt8(RF_NAMES_BLOCK_USERS.rawValue) else {
                offset = nameEnd
                continue
            }
            guard nameEnd + 4 <= records.count else { break }
            let count = records[nameEnd..<(nameEnd + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
            offset = nameEnd + 4 + 4 * count
        }
        var slotCount = 8
        while slotCount < 2 * found.count { slotCount *= 2 }
        var slots = [rf_names_slot](repeating: rf_names_slot(), count: slotCount)
        for record in found {
            let hash = record.name.withUnsafeBufferPointer { rf_names_hash($0.baseAddress, $0.count) }
            var slot = Int(hash & UInt64(slotCount - 1))
            while slots[slot].record != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = rf_names_slot(tag: UInt32(truncatingIfNeeded: hash >> 32), record: UInt32(record.offset))
        }
        var header = rf_names_header()
        withUnsafeMutableBytes(of: &header.magic) { $0.copyBytes(from: Array(RF_NAMES_MAGIC.utf8) + [0]) }
        header.version = RF_NAMES_VERSION
        header.header_size = RF_NAMES_HEADER_SIZE
        header.slot_count = UInt32(slotCount)
        header.name_count = UInt32(found.count)
        header.records_offset = UInt64(RF_NAMES_HEADER_SIZE) + UInt64(slotCount) * UInt64(RF_NAMES_SLOT_SIZE)
        header.records_size = UInt64(records.count)
        header.file_size = header.records_offset + header.records_size
        let checked = MemoryLayout<rf_names_header>.offset(of: \.header_checksum) ?? 56
        header.header_checksum = withUnsafeBytes(of: header) {
            rf_names_checksum($0.bindMemory(to: UInt8.self).baseAddress, checked)
        }
        let file =
            withUnsafeBytes(of: header, Array.init) + slots.flatMap { withUnsafeBytes(of: $0, Array.init) }
            + records
        return (file, found.map { String(decoding: $0.name, as: UTF8.self) })
    }
}
