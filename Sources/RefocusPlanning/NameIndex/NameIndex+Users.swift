import CNameIndex
import RefocusCore

extension NameIndex.Builder {
    /// The records of the names blocked for chosen users only: one a name,
    /// kind `RF_NAMES_BLOCK_USERS`, with the uids of every user it is
    /// blocked for (a count, then the uids, sorted, 32 bits each, in the
    /// machine's byte order), and how many. The same users give the same
    /// records, whatever the dictionary's order. A name also kept or blocked
    /// for everyone is dropped later, when the records are ordered (`rank`).
    @usableFromInline
    static func userRecords(_ users: [UInt32: Set<DomainName>]) -> (bytes: [UInt8], count: Int) {
        var uidsByName: [DomainName: [UInt32]] = [:]
        for (uid, names) in users {
            for name in names { uidsByName[name, default: []].append(uid) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            uidsByName.reduce(0) { $0 + 2 + $1.key.ascii.utf8.count + 4 * (1 + $1.value.count) })
        for (name, uids) in uidsByName {
            let text = Array(name.ascii.utf8)
            precondition(text.count <= UInt8.max, "a domain name is at most 253 bytes")
            bytes += [UInt8(RF_NAMES_BLOCK_USERS.rawValue), UInt8(text.count)] + text
            withUnsafeBytes(of: UInt32(uids.count)) { bytes += $0 }
            for uid in uids.sorted() { withUnsafeBytes(of: uid) { bytes += $0 } }
        }
        return (bytes, uidsByName.count)
    }

    /// The bytes after the name of a record of `kind` whose name ends at
    /// `offset` in `pool`: a per-user record's uid list; 0 for the others.
    static func uidListSize(_ pool: UnsafeBufferPointer<UInt8>, kind: UInt8, at offset: Int) -> Int {
        guard kind == UInt8(RF_NAMES_BLOCK_USERS.rawValue) else { return 0 }
        let count = UnsafeRawBufferPointer(pool).loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        return Int(RF_NAMES_UID_SIZE) * (1 + Int(count))
    }

    /// Which record of a name given more than once stays (the least): kept,
    /// then blocked for everyone, then blocked for some users.
    static func rank(_ kind: UInt8) -> Int {
        switch Int32(kind) {
        case Int32(RF_NAMES_KEEP.rawValue): 0
        case Int32(RF_NAMES_BLOCK.rawValue): 1
        default: 2
        }
    }
}

extension NameIndex {
    /// How many of the index's names are blocked for some users only, read
    /// from the records of `bytes` (an index `rf_names_valid` accepts).
    static func perUserCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { file in
            let header = file.loadUnaligned(as: rf_names_header.self)
            var (offset, end, count) = (Int(header.records_offset) + 1, file.count, 0)
            while offset + 2 <= end {
                let nameEnd = offset + 2 + Int(file[offset + 1])
                guard file[offset] == UInt8(RF_NAMES_BLOCK_USERS.rawValue) else {
                    offset = nameEnd
                    continue
                }
                guard nameEnd + 4 <= end else { break }
                count += 1
                offset = nameEnd + 4 + 4 * Int(file.loadUnaligned(fromByteOffset: nameEnd, as: UInt32.self))
            }
            return count
        }
    }

    /// What the module answers for `name` to the user `uid`: the most
    /// specific entry that applies to them decides (one for other users
    /// only leaves it to the parents); nil: as to a caller no per-user
    /// entry applies to.
    public func match(_ name: String, uid: UInt32?) -> Match {
        var name = name
        var asker = uid ?? 0
        let found = bytes.withUnsafeBufferPointer { map in
            name.withUTF8 { text in
                text.withMemoryRebound(to: CChar.self) { text in
                    withUnsafeMutablePointer(to: &asker) { context in
                        var caller = rf_names_caller(uid: rf_names_fixed_uid, context: context)
                        guard uid != nil else {
                            return rf_names_lookup(map.baseAddress, map.count, text.baseAddress, text.count, nil)
                        }
                        return rf_names_lookup(map.baseAddress, map.count, text.baseAddress, text.count, &caller)
                    }
                }
            }
        }
        switch found {
        case RF_NAMES_BLOCKED: return .blocked
        case RF_NAMES_KEPT: return .kept
        default: return .none
        }
    }
}
