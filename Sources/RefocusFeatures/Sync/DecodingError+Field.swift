/// A decoding error of a file of the sync store, told as `field: what is wrong`.
extension DecodingError {
    /// `lists.2: not a list name`, or only what is wrong when it is the whole document's.
    package var fieldReason: String {
        let (context, what): (DecodingError.Context, String) =
            switch self {
            case .dataCorrupted(let context): (context, context.debugDescription)
            case .keyNotFound(let key, let context): (context, "'\(key.stringValue)' is missing")
            case .typeMismatch(_, let context), .valueNotFound(_, let context): (context, context.debugDescription)
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(self)")
            }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? what : "\(path): \(what)"
    }
}

extension DecodingError {
    /// Throws `problem` (what a decoded value breaks) as a data error of the whole value; nothing when nil.
    package static func refuse(_ problem: String?) throws {
        if let problem { throw DecodingError.dataCorrupted(Context(codingPath: [], debugDescription: problem)) }
    }
}

extension Decoder {
    /// The container of a versioned object of the sync store: a key outside
    /// `Key` is refused, and so is a `version` (at `versionKey`) other than `version`.
    package func versionedContainer<Key: CodingKey & CaseIterable>(
        _: Key.Type, version: Int, versionKey: Key
    ) throws -> KeyedDecodingContainer<Key> {
        try rejectUnknownKeys(Key.self)
        let container = try container(keyedBy: Key.self)
        let found = try container.decode(Int.self, forKey: versionKey)
        guard found == version else {
            throw DecodingError.dataCorruptedError(
                forKey: versionKey, in: container, debugDescription: "version \(found) is not \(version)")
        }
        return container
    }
}
