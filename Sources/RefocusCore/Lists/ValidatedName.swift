/// A string that is only valid after a check, such as a list or program
/// name: it codes as a plain JSON string and is checked again on decoding,
/// so an invalid value cannot enter through a request.
public protocol ValidatedName: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// The checked text.
    var rawValue: String { get }
    /// Checks `text`, throwing the reason it is invalid.
    init(validating text: String) throws
}

extension ValidatedName {
    /// The checked text.
    public var description: String { rawValue }

    /// Orders by the text.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes a string and checks it.
    public init(from decoder: any Decoder) throws {
        try self.init(validating: decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the text as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
