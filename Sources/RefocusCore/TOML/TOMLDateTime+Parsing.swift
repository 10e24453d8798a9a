extension TOMLDateTime {
    /// The date, time or date-time that a bare value's bytes spell, checked:
    /// `YYYY-MM-DD`, `HH:MM:SS` with an optional fraction, or both with `T`,
    /// `t` or a space between and an optional offset (`Z`, `z`, `±HH:MM`).
    /// Seconds are required (TOML 1.0.0); the day must exist in its month.
    init(bytes: ArraySlice<UInt8>) throws(TOMLProblem) {
        var reader = FixedWidthReader(bytes: bytes)
        let text = TOMLProblem.excerpt(bytes)
        let malformed = TOMLProblem(
            reason: "'\(text)' is not a date or a time as TOML writes them: YYYY-MM-DD, HH:MM:SS "
                + "(with an optional fraction), or YYYY-MM-DDTHH:MM:SS with an optional Z or ±HH:MM")
        let impossible = TOMLProblem(reason: "'\(text)' names a date or a time that does not exist")
        var date: CalendarDate?
        if bytes.count > 4, bytes[bytes.startIndex + 4] == UInt8(ascii: "-") {
            guard let year = reader.number(4), reader.take("-"), let month = reader.number(2), reader.take("-"),
                let day = reader.number(2)
            else { throw malformed }
            guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else {
                throw impossible
            }
            date = CalendarDate(year: year, month: month, day: day)
            guard !reader.isAtEnd else {
                self.init(date: date, time: nil, offsetMinutes: nil)
                return
            }
            guard reader.take("T") || reader.take("t") || reader.take(" ") else { throw malformed }
        }
        guard let hour = reader.number(2), reader.take(":"), let minute = reader.number(2), reader.take(":"),
            let second = reader.number(2)
        else { throw malformed }
        guard hour < 24, minute < 60, second <= 60 else { throw impossible }
        var fraction = ""
        if reader.take(".") {
            fraction = reader.digits()
            guard !fraction.isEmpty else { throw malformed }
        }
        var offset: Int?
        if date != nil {
            if reader.take("Z") || reader.take("z") {
                offset = 0
            } else if let sign = reader.sign() {
                guard let hours = reader.number(2), reader.take(":"), let minutes = reader.number(2) else {
                    throw malformed
                }
                guard hours < 24, minutes < 60 else { throw impossible }
                offset = sign * (hours * 60 + minutes)
            }
        }
        guard reader.isAtEnd else { throw malformed }
        self.init(
            date: date, time: TimeOfDay(hour: hour, minute: minute, second: second, fraction: fraction),
            offsetMinutes: offset)
    }

    /// How many days `month` has in `year` (Gregorian: February has 29 in leap years).
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reads the fixed-width fields of a date or a time, left to right.
private struct FixedWidthReader {
    let bytes: ArraySlice<UInt8>
    var index: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var isAtEnd: Bool { index == bytes.endIndex }

    /// Exactly `width` digits as a number; nil (taking nothing) otherwise.
    mutating func number(_ width: Int) -> Int? {
        guard bytes.endIndex - index >= width else { return nil }
        var value = 0
        for byte in bytes[index..<index + width] {
            guard isASCIIDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += width
        return value
    }

    /// Takes `character` if it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Takes `+` (1) or `-` (-1) if one is next.
    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }

    /// Takes the digits that are next, as text.
    mutating func digits() -> String {
        let start = index
        while index < bytes.endIndex, isASCIIDigit(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
