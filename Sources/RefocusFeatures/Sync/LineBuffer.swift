import Glibc

/// The bytes of a sequence of lines in one block, each line followed by
/// LF, and where each line starts: what `SyncedLines` holds, so that a side
/// of 10,000 lines is two allocations instead of one string per line.
///
/// Immutable once built; its lines are read in place as byte views
/// (`line(_:)`), valid while the buffer lives.
final class LineBuffer: @unchecked Sendable {
    // SAFETY of @unchecked Sendable: both blocks are written only before init and never after.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<Int>
    /// The number of lines.
    let count: Int

    /// Takes over `bytes` (each line followed by LF) and `starts` (where
    /// each of the `count` lines starts, the bytes' count last), both from `malloc`.
    fileprivate init(taking bytes: UnsafeMutablePointer<UInt8>, starts: UnsafeMutablePointer<Int>, count: Int) {
        self.bytes = bytes
        self.starts = starts
        self.count = count
    }

    deinit {
        free(bytes)
        free(starts)
    }

    /// The lines of `text` as they are, in one copy, when it is already in
    /// the form a buffer holds (non-empty lines each ended by LF, in byte
    /// order, distinct: a synced text as this machine writes it); else nil.
    static func adopting(_ text: UnsafeBufferPointer<UInt8>) -> LineBuffer? {
        guard let source = text.baseAddress, !text.isEmpty, text[text.count - 1] == 0x0A else { return nil }
        var starts: [Int] = [0]
        starts.reserveCapacity(text.count / 8)
        var previous: UnsafeBufferPointer<UInt8>?
        var start = 0
        while start < text.count {
            guard let found = memchr(source + start, 0x0A, text.count - start) else { return nil }
            let end = source.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let line = UnsafeBufferPointer(start: source + start, count: end - start)
            if line.isEmpty { return nil }
            if let previous, ByteOrder.compare(previous, line) >= 0 { return nil }
            previous = line
            start = end + 1
            starts.append(start)
        }
        guard let bytes = malloc(text.count)?.bindMemory(to: UInt8.self, capacity: text.count),
            let lineStarts = malloc(starts.count * MemoryLayout<Int>.stride)?.bindMemory(
                to: Int.self, capacity: starts.count)
        else { fatalError("out of memory") }
        memcpy(bytes, source, text.count)
        starts.withUnsafeBufferPointer { _ = memcpy(lineStarts, $0.baseAddress!, $0.count * MemoryLayout<Int>.stride) }
        return LineBuffer(taking: bytes, starts: lineStarts, count: starts.count - 1)
    }

    /// The bytes of line `index`, without its LF.
    @inline(__always)
    func line(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + starts[index], count: starts[index + 1] - starts[index] - 1)
    }

    /// Every line followed by its LF, in one view.
    var text: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes, count: starts[count])
    }

    /// Whether two buffers hold the same lines, byte for byte.
    func holdsTheSameLines(as other: LineBuffer) -> Bool {
        count == other.count && ByteOrder.compare(text, other.text) == 0
            && memcmp(starts, other.starts, (count + 1) * MemoryLayout<Int>.stride) == 0
    }
}

/// The order of byte strings: the order of their bytes, a prefix first.
enum ByteOrder {
    /// Negative, zero or positive as `left` sorts before, with or after `right`.
    @inline(__always)
    static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(left.count, right.count)
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase, rightBase, common)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }

    /// Whether two byte strings are equal.
    @inline(__always)
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        left.count == right.count && compare(left, right) == 0
    }
}

/// Collects lines into a `LineBuffer`, noting whether they came in byte
/// order and distinct, so that sorting is done only when needed. Each line
/// is copied once, into one growing block that the buffer then takes over.
final class LineCollector {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    private var byteCount = 0
    private var starts: UnsafeMutablePointer<Int>
    private var lineCapacity: Int
    private var lineCount = 0
    private var inOrder = true
    private var handedOver = false

    /// A collector that expects about `lines` lines of `bytes` bytes in all (LFs not counted).
    init(lines: Int = 0, bytes: Int = 0) {
        byteCapacity = max(64, bytes + lines)
        lineCapacity = max(8, lines + 1)
        self.bytes = Self.allocate(byteCapacity)
        starts = Self.allocate(lineCapacity)
        starts[0] = 0
    }

    deinit {
        if !handedOver {
            free(bytes)
            free(starts)
        }
    }

    /// Appends one line (without LF).
    func append(_ line: UnsafeBufferPointer<UInt8>) {
        precondition(!handedOver, "a collector's lines were already handed over")
        if inOrder, lineCount > 0 {
            let previousStart = starts[lineCount - 1]
            let previous = UnsafeBufferPointer(start: bytes + previousStart, count: byteCount - 1 - previousStart)
            inOrder = ByteOrder.compare(previous, line) < 0
        }
        if byteCount + line.count + 1 > byteCapacity {
            byteCapacity = max(byteCapacity * 2, byteCount + line.count + 1)
            bytes = Self.reallocate(bytes, byteCapacity)
        }
        if lineCount + 2 > lineCapacity {
            lineCapacity *= 2
            starts = Self.reallocate(starts, lineCapacity)
        }
        if let base = line.baseAddress { memcpy(bytes + byteCount, base, line.count) }
        bytes[byteCount + line.count] = 0x0A
        byteCount += line.count + 1
        lineCount += 1
        starts[lineCount] = byteCount
    }

    /// Appends one line given as text.
    func append(_ line: String) {
        var line = line
        line.withUTF8 { append($0) }
    }

    /// The lines collected, sorted by their bytes, repeats dropped; the
    /// collector is spent.
    func sortedDistinct() -> LineBuffer {
        precondition(!handedOver, "a collector's lines were already handed over")
        handedOver = true
        let collected = LineBuffer(taking: bytes, starts: starts, count: lineCount)
        guard !inOrder else { return collected }
        var order = Array(0..<collected.count)
        order.sort { ByteOrder.compare(collected.line($0), collected.line($1)) < 0 }
        let sorted = LineCollector(lines: order.count, bytes: byteCount)
        var previous: UnsafeBufferPointer<UInt8>?
        for index in order {
            let line = collected.line(index)
            if let previous, ByteOrder.same(previous, line) { continue }
            sorted.append(line)
            previous = line
        }
        return withExtendedLifetime(collected) { sorted.sortedDistinct() }
    }

    private static func allocate<Element>(_ count: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = malloc(count * MemoryLayout<Element>.stride) else { fatalError("out of memory") }
        return raw.bindMemory(to: Element.self, capacity: count)
    }

    private static func reallocate<Element>(_ pointer: UnsafeMutablePointer<Element>, _ count: Int)
        -> UnsafeMutablePointer<Element>
    {
        guard let raw = realloc(pointer, count * MemoryLayout<Element>.stride) else { fatalError("out of memory") }
        return raw.bindMemory(to: Element.self, capacity: count)
    }
}
