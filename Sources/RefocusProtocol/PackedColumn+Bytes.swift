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

    /// The numbers of a column's text as bytes, as `Double(_:)` reads each;
    /// a plain decimal of up to 15 digits (what `Double.description` writes
    /// for a time) is read without a `String`, exactly: two exact doubles
    /// divided give the correctly rounded quotient.
    static func doubles(_ bytes: UnsafeRawBufferPointer, limit: Int) -> [Double?]? {
        elements(bytes, limit: limit) { element in
            plainDecimal(element)
                ?? Double(String(decoding: UnsafeRawBufferPointer(rebasing: element), as: UTF8.self))
        }
    }

    /// `[-]digits[.digits]` with at most 15 digits, or nil for anything else.
    private static func plainDecimal(_ element: Slice<UnsafeRawBufferPointer>) -> Double? {
        var index = element.startIndex
        let negative = element[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < element.endIndex {
            let byte = element[index]
            if byte == UInt8(ascii: ".") {
                guard !sawPoint, digits > 0 else { return nil }
                sawPoint = true
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10, digits < 15 else { return nil }
                mantissa = mantissa * 10 + Int64(digit)
                digits += 1
                if sawPoint { fractionDigits += 1 }
            }
            index += 1
        }
        guard digits > 0, !sawPoint || fractionDigits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10⁰ to 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

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
