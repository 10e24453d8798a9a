#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FocusColumns {
    /// The columns as JSON, the bytes `HelperProtocol.encoder()` writes for
    /// them (sorted keys, each number column one string), but with the
    /// numbers written straight into one buffer: `JSONEncoder` took a
    /// quarter of a second over 100,000 records, building each column as a
    /// `String` and then escaping it character by character. Only `names`,
    /// a few short strings, goes through `JSONEncoder`.
    public func json() throws -> Data {
        var out: [UInt8] = []
        try write(into: &out)
        return Data(out)
    }

    /// Appends `json()`'s bytes to `out`.
    func write(into out: inout [UInt8]) throws {
        out.reserveCapacity(out.count + count * 64 + 256)
        var first = true
        func name(_ key: CodingKeys) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: key.stringValue.utf8)
            out.append(contentsOf: #"":"#.utf8)
        }
        func integers<T: BinaryInteger>(_ key: CodingKeys, _ values: some Collection<T?>) {
            name(key)
            out.append(UInt8(ascii: "\""))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if let value {
                    Self.appendDecimal(UInt64(value.magnitude), negative: value < 0, to: &out)
                } else {
                    out.append(UInt8(ascii: "-"))
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        func times(_ key: CodingKeys, _ values: [Double]) {
            name(key)
            out.append(UInt8(ascii: "\""))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                PackedColumn.appendBits(of: value, to: &out)
            }
            out.append(UInt8(ascii: "\""))
        }
        // In the order of `.sortedKeys`.
        integers(.attempts, attempts)
        integers(.completedWork, completedWork)
        times(.ends, ends)
        integers(.focused, focused.lazy.map(Optional.some))
        integers(.ids, ids.lazy.map(Optional.some))
        integers(.labels, labels)
        integers(.listCounts, listCounts.lazy.map(Optional.some))
        integers(.lists, lists.lazy.map(Optional.some))
        name(.names)
        out.append(contentsOf: try HelperProtocol.encoder().encode(names))
        integers(.outcomes, outcomes.lazy.map(Optional.some))
        integers(.programsKilled, programsKilled)
        times(.starts, starts)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends the integer of `magnitude` and sign in decimal, as its
    /// `description` reads: the digits counted first, then written in
    /// place from the last (generic over the integer type, with a digit
    /// appended at a time and the slice reversed, it cost 300 instructions a number).
    private static func appendDecimal(_ magnitude: UInt64, negative: Bool, to out: inout [UInt8]) {
        if negative { out.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let end = out.count + digits
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        out.withUnsafeMutableBufferPointer { buffer in
            var value = magnitude
            var index = end
            while value != 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            }
        }
    }
}
