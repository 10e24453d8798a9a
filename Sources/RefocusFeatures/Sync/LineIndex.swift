/// A hash index over the lines of a `LineBuffer`: a line looked up by its
/// bytes in about one comparison, for lookups that come in another order
/// than the lines' (a local file in the user's order against a base in
/// byte order, where halving would take 14 comparisons a line).
struct LineIndex {
    private let buffer: LineBuffer
    /// Open addressing: each slot holds a line's index plus one, 0 when empty.
    private var slots: [Int32]
    private let mask: Int

    /// The index of every line of `buffer`.
    init(_ buffer: LineBuffer) {
        self.buffer = buffer
        var capacity = 16
        while capacity < buffer.count * 2 { capacity *= 2 }
        mask = capacity - 1
        slots = [Int32](repeating: 0, count: capacity)
        for line in 0..<buffer.count {
            var slot = Self.hash(buffer.line(line)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(line + 1)
        }
    }

    /// The index of the line whose bytes are `line`, if there is one.
    func position(of line: UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = Self.hash(line) & mask
        while slots[slot] != 0 {
            let candidate = Int(slots[slot]) - 1
            if ByteOrder.same(buffer.line(candidate), line) { return candidate }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// A hash of the bytes, eight at a time (not for adversaries: a
    /// collision costs a comparison, never a wrong answer).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(base[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash)
    }
}
