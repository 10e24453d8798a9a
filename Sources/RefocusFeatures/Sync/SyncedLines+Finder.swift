extension SyncedLines {
    /// Looks lines up one after another: a lookup first tries the line
    /// after the last one found (texts read in the same order cost one
    /// comparison each), then searches the whole side by halves, or, once
    /// many lines were found out of that order, by a hash index. By bytes.
    public struct Finder {
        private let buffer: LineBuffer
        private var next = 0
        private var outOfOrder = 0
        private var index: LineIndex?
        /// Lines found out of order after which the side is indexed.
        private static let outOfOrderBeforeIndexing = 64

        /// A finder over the lines of `side`.
        public init(_ side: SyncedLines) {
            buffer = side.buffer
        }

        /// Whether `line` is one of the lines, byte for byte.
        public mutating func find(_ line: String) -> Bool {
            var line = line
            return line.withUTF8 { find($0) }
        }

        /// Whether the bytes `line` are one of the lines.
        mutating func find(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            position(of: line) != nil
        }

        /// Where the bytes `line` are among the lines, if they are.
        mutating func position(of line: UnsafeBufferPointer<UInt8>) -> Int? {
            // `buffer` is held by the finder: its lines stay valid here.
            if next < buffer.count, ByteOrder.same(buffer.line(next), line) {
                next += 1
                return next - 1
            }
            if let index {
                guard let found = index.position(of: line) else { return nil }
                next = found + 1
                return found
            }
            var low = 0, high = buffer.count
            while low < high {
                let middle = (low + high) / 2
                if ByteOrder.compare(buffer.line(middle), line) < 0 { low = middle + 1 } else { high = middle }
            }
            guard low < buffer.count, ByteOrder.same(buffer.line(low), line) else { return nil }
            next = low + 1
            // Found, but not where the last lookup left off: lookups come in another order than the lines.
            outOfOrder += 1
            if outOfOrder == Self.outOfOrderBeforeIndexing { index = LineIndex(buffer) }
            return low
        }
    }
}

extension [SyncedLines.Finder] {
    /// Whether one of the finders finds `line`.
    mutating func findAny(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        indices.contains { self[$0].find(line) }
    }
}
