/// How long a blocking session lasts, in whole seconds, as given on the
/// command line (`50m`, `1h30m`) or stored in state files.
public struct SessionLength: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// The length in whole seconds; never negative.
    public let seconds: Int

    /// A length of `seconds` whole seconds; negative values count as zero.
    public init(seconds: Int) {
        self.seconds = max(0, seconds)
    }

    /// Reads a length such as `50m`, `1h30m`, `90s` or a bare number of
    /// minutes such as `25`, and checks it against `bounds`.
    public static func parse(_ text: String, bounds: SessionLengthBounds) throws(DurationError) -> SessionLength {
        let length = SessionLength(seconds: try SessionLengthParser(text: text).seconds())
        guard length.seconds > 0 else { throw .zero(in: text) }
        try bounds.check(length)
        return length
    }

    /// Orders lengths from shortest to longest.
    public static func < (lhs: SessionLength, rhs: SessionLength) -> Bool {
        lhs.seconds < rhs.seconds
    }

    /// The canonical compact form, largest units first and zero parts
    /// left out: `1h30m`, `50m`, `1m30s`, `24h`; `0s` for nothing.
    public var description: String {
        // Plain appends: no array of tuples and no generic join, whose metadata the status line's start would pay for.
        var text = ""
        if seconds >= 3600 { text += String(seconds / 3600) + "h" }
        if seconds / 60 % 60 > 0 { text += String(seconds / 60 % 60) + "m" }
        if seconds % 60 > 0 { text += String(seconds % 60) + "s" }
        return text.isEmpty ? "0s" : text
    }

    /// Decodes a length stored as its integer seconds, refusing negatives.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let seconds = try container.decode(Int.self)
        guard seconds >= 0 else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a session length cannot be negative: \(seconds)")
        }
        self.init(seconds: seconds)
    }

    /// Encodes the length as its integer seconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}
