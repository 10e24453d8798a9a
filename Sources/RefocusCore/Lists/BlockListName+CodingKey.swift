/// A list name as a dictionary key in JSON: the name itself, as a string
/// key (`{"social": 3}`), validated again when read; a key that is no valid
/// name fails the decoding.
extension BlockListName: CodingKeyRepresentable {
    /// The name as a string key.
    public var codingKey: any CodingKey { ListNameKey(stringValue: rawValue) }

    /// The name `codingKey` holds; nil when it is no valid list name.
    public init?<Key: CodingKey>(codingKey: Key) {
        guard let name = try? BlockListName(codingKey.stringValue) else { return nil }
        self = name
    }
}

/// A string key holding a list name.
private struct ListNameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
