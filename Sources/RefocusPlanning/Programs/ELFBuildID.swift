/// Finds the build id of an ELF file: the descriptor of its `NT_GNU_BUILD_ID`
/// note (name `GNU`, type 3), or of Go's build id note (name `Go`, type 4),
/// in the notes its program headers point at (`PT_NOTE`). 32- and 64-bit
/// files of either byte order.
///
/// Reads through `read(offset, count)`, which returns at most `count`
/// bytes from `offset` (fewer at the end of the file): the header, the
/// program headers and the note segments, each capped, so a damaged or
/// hostile file costs a few small reads and never a large allocation.
public enum ELFBuildID {
    /// The most program headers looked at.
    static let headerLimit = 128
    /// The most bytes of one note segment read.
    static let noteSegmentLimit = 4096
    /// The most bytes of an id accepted (GNU's are 20, Go's about 83).
    static let idLimit = 128

    /// The build id of the file `read` reads; nil when it is not ELF or has none.
    public static func find(_ read: (_ offset: UInt64, _ count: Int) -> [UInt8]) -> ProgramFingerprint? {
        let header = read(0, 64)
        guard header.count >= 52, header.starts(with: [0x7F, 0x45, 0x4C, 0x46]),
            let wide = [1: false, 2: true][header[4]], let big = [1: false, 2: true][header[5]]
        else { return nil }
        let fields = Fields(bytes: header, bigEndian: big)
        guard let tableOffset = wide ? fields.integer(at: 0x20, size: 8) : fields.integer(at: 0x1C, size: 4),
            let entrySize = (wide ? fields.integer(at: 0x36, size: 2) : fields.integer(at: 0x2A, size: 2)).map(
                Int.init),
            let entries = (wide ? fields.integer(at: 0x38, size: 2) : fields.integer(at: 0x2C, size: 2)).map(Int.init),
            entrySize >= (wide ? 56 : 32), entrySize <= 256, entries > 0
        else { return nil }
        let count = min(entries, headerLimit)
        let table = read(tableOffset, entrySize * count)
        for index in 0..<min(count, table.count / entrySize) {
            let entry = Fields(bytes: Array(table[(index * entrySize)..<((index + 1) * entrySize)]), bigEndian: big)
            guard entry.integer(at: 0, size: 4) == 4 else { continue }  // PT_NOTE
            let offset = wide ? entry.integer(at: 8, size: 8) : entry.integer(at: 4, size: 4)
            let size = wide ? entry.integer(at: 32, size: 8) : entry.integer(at: 16, size: 4)
            let align = wide ? entry.integer(at: 48, size: 8) : entry.integer(at: 28, size: 4)
            guard let offset, let size else { continue }
            let notes = read(offset, Int(min(size, UInt64(noteSegmentLimit))))
            if let id = buildID(in: notes, bigEndian: big, alignment: align == 8 ? 8 : 4) { return .buildID(id) }
        }
        return nil
    }

    /// The build id among the notes in `bytes`, each `namesz descsz type name desc`, padded to `alignment`.
    static func buildID(in bytes: [UInt8], bigEndian: Bool, alignment: Int) -> [UInt8]? {
        let fields = Fields(bytes: bytes, bigEndian: bigEndian)
        var position = 0
        while position + 12 <= bytes.count {
            guard let nameSize = fields.integer(at: position, size: 4).map(Int.init),
                let idSize = fields.integer(at: position + 4, size: 4).map(Int.init),
                let type = fields.integer(at: position + 8, size: 4),
                nameSize <= bytes.count, idSize <= bytes.count
            else { return nil }
            let nameStart = position + 12
            let idStart = nameStart + padded(nameSize, alignment)
            guard idStart + idSize <= bytes.count else { return nil }
            // The name without its NUL padding: GNU's note has `GNU\0`, Go's `Go\0\0`.
            let name = bytes[nameStart..<(nameStart + nameSize)].prefix { $0 != 0 }
            if (type == 3 && name.elementsEqual("GNU".utf8)) || (type == 4 && name.elementsEqual("Go".utf8)),
                idSize > 0, idSize <= idLimit
            {
                return Array(bytes[idStart..<(idStart + idSize)])
            }
            position = idStart + padded(idSize, alignment)
        }
        return nil
    }

    private static func padded(_ size: Int, _ alignment: Int) -> Int {
        (size + alignment - 1) / alignment * alignment
    }

    /// Whole numbers of one byte order at offsets of a byte array.
    private struct Fields {
        let bytes: [UInt8]
        let bigEndian: Bool

        /// The `size`-byte number at `offset`; nil past the end.
        func integer(at offset: Int, size: Int) -> UInt64? {
            guard offset >= 0, offset + size <= bytes.count else { return nil }
            let slice = bytes[offset..<(offset + size)]
            return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
