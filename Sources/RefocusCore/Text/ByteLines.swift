/// Byte values the line scanner cares about.
enum Byte {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let hash: UInt8 = 0x23
}

/// One line of a byte array, as offsets into it.
struct ByteLine: Equatable {
    /// Offset of the line's first byte.
    let start: Int
    /// Offset just past the content, before any `\r\n` or `\n`.
    let contentEnd: Int
    /// Offset just past the line terminator (`== count` for an unterminated last line).
    let next: Int
    /// 1-based line number.
    let number: Int
}

/// The lines of a byte array, split at `\n`; a last line without `\n` is still a line.
struct ByteLines: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private var position = 0
    private var number = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> ByteLine? {
        guard position < bytes.count else { return nil }
        let start = position
        var index = start
        while index < bytes.count, bytes[index] != Byte.lineFeed {
            index += 1
        }
        var contentEnd = index
        if index < bytes.count {
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
    /// The terminator of the first terminated line (`\r\n` or `\n`); `\n` when there is none.
    var lineTerminatorStyle: [UInt8] {
        guard let index = firstIndex(of: Byte.lineFeed) else { return [Byte.lineFeed] }
        if index > 0, self[index - 1] == Byte.carriageReturn {
            return [Byte.carriageReturn, Byte.lineFeed]
        }
        return [Byte.lineFeed]
    }

    /// Whether `self[range]`, without leading spaces/tabs and trailing spaces/tabs/`\r`, equals `marker`.
    func matchesTrimmed(_ marker: [UInt8], in range: Range<Int>) -> Bool {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high, self[low] == Byte.space || self[low] == Byte.tab {
            low += 1
        }
        guard low < high, self[low] == Byte.hash else { return false }
        while high > low, self[high - 1] == Byte.space || self[high - 1] == Byte.tab
            || self[high - 1] == Byte.carriageReturn {
            high -= 1
        }
        return high - low == marker.count && self[low..<high].elementsEqual(marker)
    }
}
