/// A line of an imported file (or a name on it) that could not be imported.
/// Made by `ImportParser` only.
public struct ImportRejection: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// The line as written, without its terminator.
    public let text: String
    /// Why it was rejected, naming the value.
    public let reason: String
    /// The kind of rejection, the same for every line rejected for one
    /// cause (`a cosmetic filter (##)`, `a public suffix`): the report's groups.
    public let kind: String

    /// `12: reason`.
    public var description: String { "\(line): \(reason)" }
}
