/// A coding key for any string, used to list the keys a document really has.
package struct AnyCodingKey: CodingKey {
    package let stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws when the object being decoded has a key outside `allowed`, so
    /// that a misspelt or smuggled field is refused rather than ignored.
    package func rejectUnknownKeys<Key: CodingKey & CaseIterable>(_: Key.Type) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        let allowed = Set(Key.allCases.map(\.stringValue))
        if let unknown = container.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [unknown],
                    debugDescription: "unknown field '\(unknown.stringValue)'"))
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an array, refusing more than `limit` elements.
    package func decodeArray<T: Decodable>(_: T.Type, forKey key: Key, limit: Int) throws -> [T] {
        var nested = try nestedUnkeyedContainer(forKey: key)
        if let count = nested.count, count > limit {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "more than \(limit) elements")
        }
        var values: [T] = []
        while !nested.isAtEnd {
            values.append(try nested.decode(T.self))
        }
        return values
    }
}
