/// A value of a TOML 1.0.0 document, as `TOMLTable(parsing:)` reads it.
///
/// Integers are 64-bit, as TOML requires; floats are `Double`s (with
/// `inf` and `nan`); dates and times are kept as validated values
/// (`TOMLDateTime`), so that a valid document is never refused although no
/// key of ReFocus takes one.
public enum TOMLValue: Sendable, Equatable {
    /// A string (basic or literal, one line or several), unescaped.
    case string(String)
    /// An integer: decimal, hexadecimal, octal or binary as written.
    case integer(Int64)
    /// A float, `inf` and `nan` included.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// An offset date-time, a local date-time, a local date or a local time.
    case dateTime(TOMLDateTime)
    /// An array (its elements may be of different types).
    case array([TOMLValue])
    /// A table: an inline table, a `[table]`, an element of an `[[array]]`.
    case table(TOMLTable)

    /// The string, nil for any other type.
    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The integer, nil for any other type (a float among them).
    public var integer: Int64? {
        guard case .integer(let number) = self else { return nil }
        return number
    }

    /// The integer as an `Int`, nil for any other type or where `Int` is too small for it.
    public var int: Int? { integer.flatMap { Int(exactly: $0) } }

    /// The float, nil for any other type (an integer among them).
    public var float: Double? {
        guard case .float(let number) = self else { return nil }
        return number
    }

    /// The boolean, nil for any other type.
    public var bool: Bool? {
        guard case .boolean(let flag) = self else { return nil }
        return flag
    }

    /// The date, time or date-time, nil for any other type.
    public var dateTime: TOMLDateTime? {
        guard case .dateTime(let value) = self else { return nil }
        return value
    }

    /// The elements, nil for any other type.
    public var array: [TOMLValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The table, nil for any other type.
    public var table: TOMLTable? {
        guard case .table(let table) = self else { return nil }
        return table
    }
}
