import RefocusCore
import Testing
import RefocusPlanning

/// The build id found in ELF files made here byte by byte: both classes,
/// both byte orders, notes aligned to 4 and 8, Go's note, and files that
/// are not ELF, have no note, or lie about their sizes.
@Suite struct ELFBuildIDTests {
    static let id: [UInt8] = Array(0..<20).map { UInt8($0 * 7 + 3) }

    /// A note: `namesz descsz type name desc`, padded to `alignment`.
    static func note(name: String, type: UInt32, descriptor: [UInt8], bigEndian: Bool, alignment: Int = 4) -> [UInt8] {
        let nameBytes = Array(name.utf8) + [0]
        func pad(_ bytes: [UInt8]) -> [UInt8] {
            bytes + [UInt8](repeating: 0, count: (alignment - bytes.count % alignment) % alignment)
        }
        return word(UInt64(nameBytes.count), 4, bigEndian) + word(UInt64(descriptor.count), 4, bigEndian)
            + word(UInt64(type), 4, bigEndian)
            + pad(nameBytes) + pad(descriptor)
    }

    static func word(_ value: UInt64, _ size: Int, _ bigEndian: Bool) -> [UInt8] {
        let little = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        return bigEndian ? little.reversed() : little
    }

    /// An ELF file whose one program header (after a PT_LOAD) points at `notes`.
    static func elf(wide: Bool, bigEndian: Bool, notes: [UInt8], alignment: UInt64 = 4) -> [UInt8] {
        let headerSize = wide ? 64 : 52, entrySize = wide ? 56 : 32
        let tableOffset = headerSize, notesOffset = headerSize + 2 * entrySize
        var header =
            [0x7F, 0x45, 0x4C, 0x46, wide ? 2 : 1, bigEndian ? 2 : 1, 1] + [UInt8](repeating: 0, count: headerSize - 7)
        func put(_ bytes: [UInt8], at offset: Int, into target: inout [UInt8]) {
            target.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        }
        if wide {
            put(word(UInt64(tableOffset), 8, bigEndian), at: 0x20, into: &header)
            put(word(UInt64(entrySize), 2, bigEndian), at: 0x36, into: &header)
            put(word(2, 2, bigEndian), at: 0x38, into: &header)
        } else {
            put(word(UInt64(tableOffset), 4, bigEndian), at: 0x1C, into: &header)
            put(word(UInt64(entrySize), 2, bigEndian), at: 0x2A, into: &header)
            put(word(2, 2, bigEndian), at: 0x2C, into: &header)
        }
        func entry(type: UInt32, offset: Int, size: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: entrySize)
            put(word(UInt64(type), 4, bigEndian), at: 0, into: &bytes)
            if wide {
                put(word(UInt64(offset), 8, bigEndian), at: 8, into: &bytes)
                put(word(UInt64(size), 8, bigEndian), at: 32, into: &bytes)
                put(word(alignment, 8, bigEndian), at: 48, into: &bytes)
            } else {
                put(word(UInt64(offset), 4, bigEndian), at: 4, into: &bytes)
                put(word(UInt64(size), 4, bigEndian), at: 16, into: &bytes)
                put(word(alignment, 4, bigEndian), at: 28, into: &bytes)
            }
            return bytes
        }
        return header + entry(type: 1, offset: 0, size: notesOffset)
            + entry(type: 4, offset: notesOffset, size: notes.count) + notes
    }

    static func find(_ file: [UInt8]) -> ProgramFingerprint? {
        ELFBuildID.find { offset, count in
            guard offset < UInt64(file.count) else { return [] }
            return Array(file[Int(offset)..<min(file.count, Int(offset) + count)])
        }
    }

    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func theGNUNoteIsFoundInEveryClassAndByteOrder(wide: Bool, bigEndian: Bool) {
        let notes =
            Self.note(name: "GNU", type: 5, descriptor: [1, 2, 3, 4, 5, 6, 7, 8], bigEndian: bigEndian)
            + Self.note(name: "GNU", type: 3, descriptor: Self.id, bigEndian: bigEndian)
        #expect(Self.find(Self.elf(wide: wide, bigEndian: bigEndian, notes: notes)) == .buildID(Self.id))
    }

    @Test func notesAlignedToEightAndGosNoteAreRead() {
        let aligned =
            Self.note(name: "GNU", type: 5, descriptor: [9, 9, 9, 9], bigEndian: false, alignment: 8)
            + Self.note(name: "GNU", type: 3, descriptor: Self.id, bigEndian: false, alignment: 8)
        #expect(Self.find(Self.elf(wide: true, bigEndian: false, notes: aligned, alignment: 8)) == .buildID(Self.id))
        let go = Self.note(name: "Go", type: 4, descriptor: Array("abc/def".utf8), bigEndian: false)
        #expect(Self.find(Self.elf(wide: true, bigEndian: false, notes: go)) == .buildID(Array("abc/def".utf8)))
    }

    @Test func otherNotesOtherFilesAndLiesGiveNone() {
        let other =
            Self.note(name: "GNU", type: 1, descriptor: [0, 0, 0, 0], bigEndian: false)
            + Self.note(name: "XYZ", type: 3, descriptor: Self.id, bigEndian: false)
        #expect(Self.find(Self.elf(wide: true, bigEndian: false, notes: other)) == nil, "no type 3 note named GNU")
        #expect(Self.find(Array("#!/bin/sh\necho hi\n".utf8)) == nil, "a script")
        #expect(Self.find([]) == nil)
        var lying = Self.note(name: "GNU", type: 3, descriptor: Self.id, bigEndian: false)
        lying.replaceSubrange(4..<8, with: Self.word(0xFFFF_FFF0, 4, false))
        #expect(
            Self.find(Self.elf(wide: true, bigEndian: false, notes: lying)) == nil,
            "a descriptor larger than the segment")
        let whole = Self.elf(
            wide: false, bigEndian: false, notes: Self.note(name: "GNU", type: 3, descriptor: Self.id, bigEndian: false)
        )
        for length in 0..<whole.count {
            #expect(Self.find(Array(whole.prefix(length))) == nil, "cut at \(length)")
        }
    }

    @Test func aContentHashDependsOnEveryByte() {
        let text = Array("#!/bin/sh\nexec sleep 30\n".utf8)
        #expect(ContentHash.of(text) == ContentHash.of(text))
        for index in text.indices {
            var changed = text
            changed[index] ^= 1
            #expect(ContentHash.of(changed) != ContentHash.of(text))
        }
    }
}
