import CNameIndex
import RefocusCore

extension NameIndex {
    /// Lays out the file: the names' records first, copied as they come,
    /// then their hashes, then the table, sized once (at most half full)
    /// and filled by linear probing.
    ///
    /// The bytes depend on the set of names only, not on the order they
    /// came in (a `Set`'s order differs from one process to the next): the
    /// names are placed in a canonical order, that of their home slots,
    /// then of their hashes, then of their bytes, kept before blocked for
    /// everyone before blocked for some users; a name given twice is placed
    /// once, the first of that order. In that order each name goes to its home
    /// slot or just after the one placed before it, so that the table fills
    /// from its start to its end in one sweep (only its last cluster may
    /// wrap to the start). The records are then laid out in slot order.
    ///
    /// For a million names (some 50 MB) the time goes to memory: the names'
    /// bytes are copied once into a pool sized beforehand; the order
    /// is a counting sort by home slot, not a comparison sort; the slots and
    /// records are written straight into the file's bytes; and each record's
    /// size is known before it is read, so that the reads from the pool,
    /// scattered, overlap.
    @usableFromInline
    struct Builder {
        /// The records in the order the names came: kind, length, name.
        private let pool: [UInt8]
        /// How many names came.
        private let count: Int

        private struct Entry {
            var hash: UInt64
            var offset: UInt32
            /// The record's size: 2 + the name's length, + the uid list's for a per-user record.
            var size: UInt32
        }

        /// A builder of the records `records` (`records(kept:blocked:users:)`).
        @usableFromInline
        init(records: (bytes: [UInt8], count: Int)) {
            (pool, count) = records
        }

        /// The records of `kept` (kept, never blocked), then of `blocked`,
        /// then `users` (`userRecords`), and how many: each name's bytes copied once, in the collections'
        /// order, into an array sized beforehand (a name's length is read
        /// without reading the name). Only copied, so that the reads of
        /// names scattered over memory (a set's) overlap: neither retained
        /// nor hashed here (they are hashed later, from the pool).
        @inlinable
        static func records(
            kept: some Collection<DomainName>, blocked: some Collection<DomainName>,
            users: (bytes: [UInt8], count: Int) = ([], 0)
        ) -> (bytes: [UInt8], count: Int) {
            let size = recordsSize(kept) + recordsSize(blocked) + users.bytes.count
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                var written = 0
                copyRecords(kept, kind: UInt8(RF_NAMES_KEEP.rawValue), into: buffer, at: &written)
                copyRecords(blocked, kind: UInt8(RF_NAMES_BLOCK.rawValue), into: buffer, at: &written)
                for byte in users.bytes {
                    buffer[written] = byte
                    written += 1
                }
                precondition(written == size, "the names' records were miscounted")
                initialized = size
            }
            return (bytes, kept.count + blocked.count + users.count)
        }

        /// The bytes of the records of `names`: 2 + each name's length.
        @inlinable
        static func recordsSize(_ names: some Collection<DomainName>) -> Int {
            names.reduce(0) { $0 + 2 + $1.ascii.utf8.count }
        }

        /// Writes the records of `names` of `kind` into `buffer` from `written` on, and moves `written` past them.
        @inlinable
        static func copyRecords(
            _ names: some Collection<DomainName>, kind: UInt8, into buffer: UnsafeMutableBufferPointer<UInt8>,
            at written: inout Int
        ) {
            for name in names {
                let length = name.ascii.utf8.count
                precondition(length <= UInt8.max && written + 2 + length <= buffer.count, "a name's record overflows")
                buffer[written] = kind
                buffer[written + 1] = UInt8(length)
                let text = UnsafeMutableBufferPointer(rebasing: buffer[(written + 2)..<(written + 2 + length)])
                // The closure captures no builder, so that the name is only borrowed.
                let copied: Void? = name.ascii.utf8.withContiguousStorageIfAvailable { source in
                    guard let from = source.baseAddress, let to = text.baseAddress else { return }
                    to.initialize(from: from, count: length)
                }
                if copied == nil { _ = text.initialize(from: name.ascii.utf8) }
                written += 2 + length
            }
        }

        /// The whole file, and how many of its names are blocked for some users only.
        @usableFromInline
        func file() -> (bytes: [UInt8], perUser: Int) {
            pool.withUnsafeBufferPointer { pool in
                let entries = Self.entries(pool, count: count)
                var slotCount = Self.slotCount(names: entries.count)
                var order = Self.canonicalOrder(entries, pool, slotCount: slotCount)
                // Names given twice can make the table smaller: sized for the names, not for what came.
                if Self.slotCount(names: order.count) != slotCount {
                    slotCount = Self.slotCount(names: order.count)
                    order = Self.canonicalOrder(order, pool, slotCount: slotCount)
                }
                let recordsSize = order.reduce(1) { $0 + Int($1.size) }
                var perUser = 0
                let bytes = Self.file(slotCount: slotCount, recordsSize: recordsSize, names: order.count) {
                    slots, records in
                    Self.place(order, in: slots)
                    perUser = Self.layOut(slots, order, from: pool, into: records)
                }
                return (bytes, perUser)
            }
        }

        /// Each record of `pool` with its name's mixed hash.
        private static func entries(_ pool: UnsafeBufferPointer<UInt8>, count: Int) -> [Entry] {
            var entries: [Entry] = []
            entries.reserveCapacity(count)
            var offset = 0
            while offset < pool.count {
                let nameEnd = offset + 2 + Int(pool[offset + 1])
                let name = UnsafeBufferPointer(rebasing: pool[(offset + 2)..<nameEnd])
                let size = nameEnd - offset + Self.uidListSize(pool, kind: pool[offset], at: nameEnd)
                entries.append(
                    Entry(hash: rf_names_hash(name.baseAddress, name.count), offset: UInt32(offset), size: UInt32(size))
                )
                offset += size
            }
            return entries
        }

        /// The slots of a table of `names` names: at most half full, a power of two, 8 at least; none for none.
        private static func slotCount(names: Int) -> Int {
            names == 0 ? 0 : max(8, (2 * names - 1).nextPowerOfTwo)
        }

        /// The entries in the order they are placed, each name once.
        private static func canonicalOrder(_ entries: [Entry], _ pool: UnsafeBufferPointer<UInt8>, slotCount: Int)
            -> [Entry]
        {
            guard slotCount > 0 else { return [] }
            let mask = UInt64(slotCount - 1)
            // A counting sort by home slot: `ends[slot]` is first where its names go, then past them.
            var ends = [UInt32](repeating: 0, count: slotCount + 1)
            for entry in entries { ends[Int(entry.hash & mask) + 1] += 1 }
            for slot in 0..<slotCount { ends[slot + 1] += ends[slot] }
            var sorted = [Entry](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
                for entry in entries {
                    let slot = Int(entry.hash & mask)
                    buffer.initializeElement(at: Int(ends[slot]), to: entry)
                    ends[slot] += 1
                }
                initialized = entries.count
            }
            // The names of one home slot (rarely more than two) by hash, bytes, kind (kept first, then
            // blocked for everyone): a name given twice is then next to itself, and the first stays.
            let precedes = { (a: Entry, b: Entry) -> Bool in
                if a.hash != b.hash { return a.hash < b.hash }
                let (nameA, nameB) = (name(pool, a), name(pool, b))
                if !nameA.elementsEqual(nameB) { return nameA.lexicographicallyPrecedes(nameB) }
                return rank(pool[Int(a.offset)]) < rank(pool[Int(b.offset)])
            }
            var placed = 0, start = 0
            for slot in 0..<slotCount {
                let end = Int(ends[slot])
                if end - start > 1 { sorted[start..<end].sort(by: precedes) }
                for index in start..<end {
                    let entry = sorted[index]
                    if index > start, sorted[placed - 1].hash == entry.hash,
                        name(pool, sorted[placed - 1]).elementsEqual(name(pool, entry))
                    {
                        continue
                    }
                    sorted[placed] = entry
                    placed += 1
                }
                start = end
            }
            sorted.removeLast(sorted.count - placed)
            return sorted
        }

        /// Fills the zeroed `slots` with each entry's tag and, for now, its place in `order` + 1.
        private static func place(_ order: [Entry], in slots: SlotTable) {
            var next = 0, wrapped = 0
            for (place, entry) in order.enumerated() {
                var slot = max(Int(truncatingIfNeeded: entry.hash) & (slots.count &- 1), next)
                if slot < slots.count {
                    next = slot + 1
                } else {
                    // The last cluster goes on at the table's start, past the names whose home is there.
                    while slots[wrapped].record != 0 { wrapped += 1 }
                    slot = wrapped
                }
                slots[slot] = rf_names_slot(
                    tag: UInt32(truncatingIfNeeded: entry.hash >> 32), record: UInt32(place + 1))
            }
        }

        /// Copies the records into `records` in slot order (after its zero
        /// byte) and points each slot at its record; returns how many are per-user.
        private static func layOut(
            _ slots: SlotTable, _ order: [Entry], from pool: UnsafeBufferPointer<UInt8>,
            into records: UnsafeMutableRawBufferPointer
        ) -> Int {
            records[0] = 0
            var written = 1, perUser = 0
            for index in 0..<slots.count where slots[index].record != 0 {
                let entry = order[Int(slots[index].record) - 1]
                let (start, size) = (Int(entry.offset), Int(entry.size))
                UnsafeMutableRawBufferPointer(rebasing: records[written..<(written + size)])
                    .copyMemory(
                        from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: pool[start..<(start + size)])))
                slots[index].record = UInt32(written)
                if records[written] == UInt8(RF_NAMES_BLOCK_USERS.rawValue) { perUser += 1 }
                written += size
            }
            precondition(written == records.count, "the records' size was miscounted")
            return perUser
        }

        /// The name in `entry`'s record.
        private static func name(_ pool: UnsafeBufferPointer<UInt8>, _ entry: Entry) -> Slice<
            UnsafeBufferPointer<UInt8>
        > {
            pool[(Int(entry.offset) + 2)..<(Int(entry.offset) + 2 + Int(pool[Int(entry.offset) + 1]))]
        }

        /// The file of `slotCount` slots and `recordsSize` bytes of records,
        /// which `fill` writes (the slots zeroed first), with the header and its checksums.
        private static func file(
            slotCount: Int, recordsSize: Int, names: Int,
            fill: (SlotTable, UnsafeMutableRawBufferPointer) -> Void
        ) -> [UInt8] {
            let headerSize = Int(RF_NAMES_HEADER_SIZE)
            let recordsOffset = headerSize + slotCount * Int(RF_NAMES_SLOT_SIZE)
            let size = recordsOffset + recordsSize
            return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                let file = UnsafeMutableRawBufferPointer(buffer)
                let slots = UnsafeMutableRawBufferPointer(rebasing: file[headerSize..<recordsOffset])
                slots.initializeMemory(as: UInt8.self, repeating: 0)
                fill(SlotTable(bytes: slots), UnsafeMutableRawBufferPointer(rebasing: file[recordsOffset..<size]))
                var header = rf_names_header()
                withUnsafeMutableBytes(of: &header.magic) { $0.copyBytes(from: Array(RF_NAMES_MAGIC.utf8) + [0]) }
                header.version = RF_NAMES_VERSION
                header.header_size = RF_NAMES_HEADER_SIZE
                header.file_size = UInt64(size)
                header.slot_count = UInt32(slotCount)
                header.name_count = UInt32(names)
                header.records_offset = UInt64(recordsOffset)
                header.records_size = UInt64(recordsSize)
                header.body_checksum = checksum(UnsafeRawBufferPointer(rebasing: file[headerSize..<size]))
                let checked = MemoryLayout<rf_names_header>.offset(of: \.header_checksum) ?? headerSize - 8
                header.header_checksum = withUnsafeBytes(of: header) {
                    checksum(UnsafeRawBufferPointer(rebasing: $0[0..<checked]))
                }
                withUnsafeBytes(of: header) {
                    UnsafeMutableRawBufferPointer(rebasing: file[0..<headerSize]).copyMemory(from: $0)
                }
                initialized = size
            }
        }

        private static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            rf_names_checksum(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
    }

    /// The slots inside the file's bytes, read and written in place (the
    /// bytes of an array of UInt8 promise no alignment).
    private struct SlotTable {
        let bytes: UnsafeMutableRawBufferPointer

        var count: Int { bytes.count / Int(RF_NAMES_SLOT_SIZE) }

        subscript(index: Int) -> rf_names_slot {
            get { bytes.loadUnaligned(fromByteOffset: index * Int(RF_NAMES_SLOT_SIZE), as: rf_names_slot.self) }
            nonmutating set {
                bytes.storeBytes(of: newValue, toByteOffset: index * Int(RF_NAMES_SLOT_SIZE), as: rf_names_slot.self)
            }
        }
    }
}

private extension Int {
    /// The smallest power of two at least this (1 for 0 and below).
    var nextPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
