/// The name of a block list: `[a-z0-9][a-z0-9_-]{0,63}`, so that it is
/// also a safe file name (`lists/NAME.domains`) and a safe JSON value.
public struct BlockListName: ValidatedName {
    /// The validated name.
    public let rawValue: String

    /// Validates a list name, throwing `ListError.invalidName` with the rule.
    public init(_ text: some StringProtocol) throws(ListError) {
        let bytes = Array(text.utf8)
        let isStart: (UInt8) -> Bool = { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        let isRest: (UInt8) -> Bool = { isStart($0) || $0 == 0x5F || $0 == 0x2D }
        guard let first = bytes.first, isStart(first), bytes.count <= 64, bytes.dropFirst().allSatisfy(isRest)
        else { throw .invalidName(String(text)) }
        rawValue = String(text)
    }

    /// Validates `text`; the requirement of `ValidatedName`.
    public init(validating text: String) throws {
        try self.init(text)
    }
}
