/// A byte string in a pool, made of a head and a tail (`www.` and
/// `example.com`; the head may be empty), with its first eight bytes as a
/// number so that most comparisons are one integer comparison.
///
/// Strings compare bytewise, a prefix first: the order of `Array.sort` on
/// their bytes, without making the bytes of each string.
struct SortKey {
    /// The first eight bytes, big-endian, padded with zeros.
    let prefix: UInt64
    /// Where the head sits in the pool.
    let head: Range<Int>
    /// Where the tail sits in the pool.
    let tail: Range<Int>

    /// The string `pool[head] + pool[tail]`.
    init(_ pool: [UInt8], head: Range<Int> = 0..<0, tail: Range<Int>) {
        self.head = head
        self.tail = tail
        var prefix: UInt64 = 0
        for offset in 0..<8 {
            prefix = prefix << 8 | UInt64(Self.byte(at: offset, head: head, tail: tail, in: pool) ?? 0)
        }
        self.prefix = prefix
    }

    /// How many bytes the string has.
    var count: Int { head.count + tail.count }

    /// Whether this string sorts before `other`.
    func precedes(_ other: SortKey, in pool: [UInt8]) -> Bool {
        if prefix != other.prefix { return prefix < other.prefix }
        return compareRest(other, in: pool) < 0
    }

    /// Whether this string has the same bytes as `other`.
    func matches(_ other: SortKey, in pool: [UInt8]) -> Bool {
        prefix == other.prefix && count == other.count && compareRest(other, in: pool) == 0
    }

    /// Compares the bytes after the first eight (equal numbers), then the lengths: -1, 0 or 1.
    private func compareRest(_ other: SortKey, in pool: [UInt8]) -> Int {
        let shorter = min(count, other.count)
        var offset = 8
        while offset < shorter {
            let mine = byte(at: offset, in: pool)
            let theirs = other.byte(at: offset, in: pool)
            if mine != theirs { return mine < theirs ? -1 : 1 }
            offset += 1
        }
        return count == other.count ? 0 : count < other.count ? -1 : 1
    }

    /// The byte at `offset`, which is below `count`.
    private func byte(at offset: Int, in pool: [UInt8]) -> UInt8 {
        Self.byte(at: offset, head: head, tail: tail, in: pool) ?? 0
    }

    private static func byte(at offset: Int, head: Range<Int>, tail: Range<Int>, in pool: [UInt8]) -> UInt8? {
        if offset < head.count { return pool[head.lowerBound + offset] }
        let index = tail.lowerBound + offset - head.count
        return index < tail.upperBound ? pool[index] : nil
    }
}
