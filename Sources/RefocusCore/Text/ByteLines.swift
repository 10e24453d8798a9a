/// Byte values the line scanner cares about.
package enum Byte {
    package static let lineFeed: UInt8 = 0x0A
    package static let carriageReturn: UInt8 = 0x0D
    package static let space: UInt8 = 0x20
    package static let tab: UInt8 = 0x09
    package static let hash: UInt8 = 0x23
}

/// One line of a byte array, as offsets into it.
package struct ByteLine: Equatable {
    /// Offset of the line's first byte.
    package let start: Int
    /// Offset just past the content, before any `\r\n` or `\n`.
    package let contentEnd: Int
    /// Offset just past the line terminator (`== count` for an unterminated last line).
    package let next: Int
    /// 1-based line number.
    package let number: Int
}

/// The lines of a byte array, split at `\n`; a last line without `\n` is still a line.
package struct ByteLines: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private let end: Int
    private var position: Int
    private var number = 0

    /// The lines of `bytes[range]` (all of `bytes` by default), numbered from 1.
    package init(_ bytes: [UInt8], in range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    package mutating func next() -> ByteLine? {
        guard position < end else { return nil }
        let start = position
        var index = bytes.firstLineFeed(in: start..<end) ?? end
        var contentEnd = index
        if index < end {
            if contentEnd > start, bytes[contentEnd - 1] == Byte.carriageReturn {
                contentEnd -= 1
            }
            index += 1
        }
        position = index
        number += 1
        return ByteLine(start: start, contentEnd: contentEnd, next: index, number: number)
    }
}

extension Array where Element == UInt8 {
    /// The offset of the first `\n` in `self[range]`, if any.
    ///
    /// Reads eight bytes at a time: a hosts file can hold hundreds of
    /// thousands of lines. (`unsafeLoadUnaligned` is bounds-checked; any bit
    /// pattern is a valid `UInt64`.)
    package func firstLineFeed(in range: Range<Int>) -> Int? {
        let raw = span.bytes
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word = raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian ^ Self.lineFeeds
            // The classic zero-byte test: the lowest set high bit marks the first byte that was `\n`.
            let zeros = (word &- Self.lowBits) & ~word & Self.highBits
            if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
            index += 8
        }
        return self[index..<range.upperBound].firstIndex(of: Byte.lineFeed)
    }

    /// Whether `self[range]` holds the same bytes as `other`, compared eight at a time.
    package func bytes(in range: Range<Int>, equal other: [UInt8]) -> Bool {
        guard range.count == other.count else { return false }
        let mine = span.bytes
        let theirs = other.span.bytes
        var offset = 0
        while offset + 8 <= other.count {
            guard
                mine.unsafeLoadUnaligned(fromByteOffset: range.lowerBound + offset, as: UInt64.self)
                    == theirs.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        return self[(range.lowerBound + offset)..<range.upperBound].elementsEqual(other[offset...])
    }

    private static let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The terminator of the first terminated line (`\r\n` or `\n`); `\n` when there is none.
    var lineTerminatorStyle: [UInt8] {
        guard let index = firstIndex(of: Byte.lineFeed) else { return [Byte.lineFeed] }
        if index > 0, self[index - 1] == Byte.carriageReturn {
            return [Byte.carriageReturn, Byte.lineFeed]
        }
        return [Byte.lineFeed]
    }

    /// Whether `self[range]`, without leading spaces/tabs and trailing spaces/tabs/`\r`, equals `marker`.
    package func matchesTrimmed(_ marker: [UInt8], in range: Range<Int>) -> Bool {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high, self[low] == Byte.space || self[low] == Byte.tab {
            low += 1
        }
        guard low < high, self[low] == Byte.hash else { return false }
        while high > low,
            self[high - 1] == Byte.space || self[high - 1] == Byte.tab
                || self[high - 1] == Byte.carriageReturn
        {
            high -= 1
        }
        return high - low == marker.count && self[low..<high].elementsEqual(marker)
    }
}
