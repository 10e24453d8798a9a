import CNameIndex

/// The names index that the NSS module (`libnss_refocus.so.2`) maps: every
/// blocked domain, which blocks it and every name under it, and the domains
/// the policy never blocks, which keep themselves and the names under them
/// unblocked even under a blocked parent. The layout and the hash are
/// CNameIndex's (`refocus_names_index.h`), the same code the module reads
/// with: a 64-byte header with checksums, an open-addressing hash table at
/// most half full, and the names' records.
///
/// Built in one pass over the names and one over the table: the records
/// are appended to one buffer with each name's hash, then the table is
/// sized once and filled by linear probing in the order of the hashes, so
/// that the same names give the same bytes whatever their order. A name
/// given both blocked and kept is stored once, kept.
public struct NameIndex: Sendable, Equatable {
    /// The whole file.
    public let bytes: [UInt8]

    /// The path the module reads: the helper writes it there (0644, root).
    public static let path = "/run/refocus/names.idx"

    /// The largest file the module maps (`RF_NAMES_MAX_BYTES`).
    public static let maximumBytes = RF_NAMES_MAX_BYTES

    /// The index that blocks `blocked` and keeps `kept`.
    public init(blocking blocked: some Sequence<DomainName>, keeping kept: some Sequence<DomainName> = [DomainName]()) {
        var builder = Builder()
        for name in kept { builder.append(name, kind: RF_NAMES_KEEP) }
        for name in blocked { builder.append(name, kind: RF_NAMES_BLOCK) }
        bytes = builder.file()
    }

    /// The index whose file is `bytes`, when the module would understand it
    /// and its body is intact (checksum); nil otherwise.
    public init?(validating bytes: [UInt8]) {
        let intact = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard rf_names_valid(buffer.baseAddress, buffer.count) != 0 else { return false }
            let header = UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(as: rf_names_header.self)
            let body = UnsafeBufferPointer(rebasing: buffer[Int(header.header_size)...])
            return rf_names_checksum(body.baseAddress, body.count) == header.body_checksum
        }
        guard intact else { return nil }
        self.bytes = bytes
    }

    /// How many names it holds, blocked and kept.
    public var count: Int {
        Int(bytes.withUnsafeBytes { $0.loadUnaligned(as: rf_names_header.self) }.name_count)
    }

    /// What the module answers for `name`: the most specific of the name and
    /// its parents that is in the index decides.
    public func match(_ name: String) -> Match {
        var name = name
        let found = bytes.withUnsafeBufferPointer { map in
            name.withUTF8 { text in
                text.withMemoryRebound(to: CChar.self) { rf_names_lookup(map.baseAddress, map.count, $0.baseAddress, $0.count) }
            }
        }
        switch found {
        case RF_NAMES_BLOCKED: return .blocked
        case RF_NAMES_KEPT: return .kept
        default: return .none
        }
    }

    /// What the index says of one name.
    public enum Match: Sendable, Equatable {
        /// Neither the name nor a parent is in the index.
        case none
        /// Blocked: answered with the sinkhole addresses.
        case blocked
        /// Under a blocked name, but never blocked (the policy's `never_block`).
        case kept
    }
}

extension NameIndex {
    /// The records and their hashes, then the file.
    private struct Builder {
        /// The records: a zero byte (offset 0 means an empty slot), then kind, length and name for each.
        var records: [UInt8] = [0]
        /// Each record's offset and its name's mixed hash.
        var entries: [(offset: UInt32, hash: UInt64)] = []

        mutating func append(_ name: DomainName, kind: rf_names_kind) {
            let offset = UInt32(records.count)
            var ascii = name.ascii
            ascii.withUTF8 { text in
                records.append(UInt8(kind.rawValue))
                records.append(UInt8(text.count))
                records.append(contentsOf: text)
                entries.append((offset, rf_names_hash(text.baseAddress, text.count)))
            }
        }

        /// The table, at most half full; a name already in it is dropped.
        ///
        /// The bytes depend on the set of names only, not on the order they
        /// came in (a `Set`'s order differs from one process to the next):
        /// the entries are placed in the order of their hashes, so each
        /// probe sequence fills the same way, and the records are then laid
        /// out in the order of their slots.
        func file() -> [UInt8] {
            let slotCount = entries.isEmpty ? 0 : max(8, (2 * entries.count - 1).nextPowerOfTwo)
            var slots = [rf_names_slot](repeating: rf_names_slot(), count: slotCount)
            let mask = slotCount &- 1
            let placed = records.withUnsafeBufferPointer { records in
                let ordered = entries.sorted { a, b in
                    if a.hash != b.hash { return a.hash < b.hash }
                    // The same hash: kept before blocked, then by the names' bytes.
                    let (kindA, kindB) = (records[Int(a.offset)], records[Int(b.offset)])
                    if kindA != kindB { return kindA > kindB }
                    return Self.name(records, a.offset).lexicographicallyPrecedes(Self.name(records, b.offset))
                }
                for entry in ordered {
                    let tag = UInt32(truncatingIfNeeded: entry.hash >> 32)
                    var index = Int(truncatingIfNeeded: entry.hash) & mask
                    var duplicate = false
                    while slots[index].record != 0 {
                        if slots[index].tag == tag,
                           Self.name(records, slots[index].record).elementsEqual(Self.name(records, entry.offset)) {
                            duplicate = true
                            break
                        }
                        index = (index + 1) & mask
                    }
                    if !duplicate { slots[index] = rf_names_slot(tag: tag, record: entry.offset) }
                }
                // The records in slot order.
                var laidOut: [UInt8] = [0]
                laidOut.reserveCapacity(records.count)
                for index in slots.indices where slots[index].record != 0 {
                    let start = Int(slots[index].record)
                    slots[index].record = UInt32(laidOut.count)
                    laidOut.append(contentsOf: records[start..<(start + 2 + Int(records[start + 1]))])
                }
                return laidOut
            }
            return Self.file(slots: slots, records: placed, names: slots.lazy.filter { $0.record != 0 }.count)
        }

        /// The name of the record at `offset`.
        private static func name(_ records: UnsafeBufferPointer<UInt8>, _ offset: UInt32) -> Slice<UnsafeBufferPointer<UInt8>> {
            let start = Int(offset) + 2
            return records[start..<(start + Int(records[start - 1]))]
        }

        /// The header, the slots and the records, with the checksums.
        private static func file(slots: [rf_names_slot], records: [UInt8], names: Int) -> [UInt8] {
            let headerSize = Int(RF_NAMES_HEADER_SIZE)
            let recordsOffset = headerSize + slots.count * Int(RF_NAMES_SLOT_SIZE)
            var file = [UInt8](repeating: 0, count: recordsOffset + records.count)
            file.withUnsafeMutableBytes { file in
                slots.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: file[headerSize..<recordsOffset]).copyMemory(from: $0) }
                records.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: file[recordsOffset..<file.count]).copyMemory(from: $0) }
                var header = rf_names_header()
                withUnsafeMutableBytes(of: &header.magic) { $0.copyBytes(from: Array(RF_NAMES_MAGIC.utf8) + [0]) }
                header.version = RF_NAMES_VERSION
                header.header_size = RF_NAMES_HEADER_SIZE
                header.file_size = UInt64(file.count)
                header.slot_count = UInt32(slots.count)
                header.name_count = UInt32(names)
                header.records_offset = UInt64(recordsOffset)
                header.records_size = UInt64(records.count)
                header.body_checksum = checksum(UnsafeRawBufferPointer(rebasing: file[headerSize..<file.count]))
                let checked = MemoryLayout<rf_names_header>.offset(of: \.header_checksum)!
                header.header_checksum = withUnsafeBytes(of: header) { checksum(UnsafeRawBufferPointer(rebasing: $0[0..<checked])) }
                withUnsafeBytes(of: header) { UnsafeMutableRawBufferPointer(rebasing: file[0..<headerSize]).copyMemory(from: $0) }
            }
            return file
        }

        private static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            rf_names_checksum(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
    }
}

private extension Int {
    /// The smallest power of two at least this (1 for 0 and below).
    var nextPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
