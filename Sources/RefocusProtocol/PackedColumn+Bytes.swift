extension PackedColumn {
    /// The integers of a column's text as bytes (`1,-,3`), nil where it
    /// holds `-`; nil when an element is not an optional sign and digits
    /// that fit `T`, or when there are more than `limit` elements. What
    /// `parse(_:_:)` reads with `T(_:)`, without a `Substring` per number.
    static func integers<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as _: T.Type, limit: Int) -> [T?]? {
        elements(bytes, limit: limit) { element in
            var index = element.startIndex
            var negative = false
            if element[index] == UInt8(ascii: "-") || element[index] == UInt8(ascii: "+") {
                negative = element[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < element.endIndex else { return nil }
            var value: T = 0
            while index < element.endIndex {
                let digit = element[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (times10, overflowed) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowedAgain) =
                    negative
                    ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
                guard !overflowed, !overflowedAgain else { return nil }
                value = sum
                index += 1
            }
            return value
        }
    }

    /// The times of a column's text as bytes, each the 16 hexadecimal
    /// digits of its IEEE 754 bits (`bits(of:)`): exact, and read without
    /// `strtod` (a time such as 1764361234.5678901 has 17 digits in decimal,
    /// beyond what a `Double` divides exactly, and the C library's reading
    /// of 200,000 of them cost more than the rest of the answer); nil for an
    /// element that is not 16 such digits or not a finite number.
    static func doubles(_ bytes: UnsafeRawBufferPointer, limit: Int) -> [Double?]? {
        elements(bytes, limit: limit) { element in
            guard element.count == 16 else { return nil }
            var bits: UInt64 = 0
            for byte in element {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
                default: return nil
                }
                bits = bits << 4 | UInt64(digit)
            }
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : nil
        }
    }

    /// `value`'s 16 hexadecimal digits, lower case, as `doubles` reads them.
    static func bits(of value: Double) -> String {
        var out: [UInt8] = []
        appendBits(of: value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value`'s 16 hexadecimal digits to `out` (the focus answer's writer, straight into its buffer).
    static func appendBits(of value: Double, to out: inout [UInt8]) {
        let bits = value.bitPattern
        for shift in stride(from: 60, through: 0, by: -4) {
            out.append(hexDigits[Int(truncatingIfNeeded: bits >> UInt64(shift)) & 0xf])
        }
    }

    /// The hexadecimal digits, lower case.
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Each comma-separated element of `bytes` read by `parse`, nil for `-`;
    /// nil when one does not parse, one is empty, or there are more than `limit`.
    private static func elements<T>(
        _ bytes: UnsafeRawBufferPointer, limit: Int, _ parse: (Slice<UnsafeRawBufferPointer>) -> T?
    ) -> [T?]? {
        guard !bytes.isEmpty else { return [] }
        var count = 1
        for byte in bytes where byte == UInt8(ascii: ",") { count += 1 }
        guard count <= limit else { return nil }
        var values: [T?] = []
        values.reserveCapacity(count)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            guard end > start else { return nil }
            if end == start + 1, bytes[start] == UInt8(ascii: "-") {
                values.append(nil)
            } else {
                guard let value = parse(bytes[start..<end]) else { return nil }
                values.append(value)
            }
            start = end + 1
        }
        return values
    }
}
