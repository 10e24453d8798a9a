import RefocusCore

/// The whole request document, for the verb its payload is for:
/// `{"version": 1, "verb": "start", "start": {...}}`, or
/// `{"version": 1, "verb": "status"}` for a payload without a body.
///
/// Decoding is for one verb: the helper decodes the envelope of the verb
/// its command line names, so the verb is checked once, here. The version
/// comes first; then the verb must be the payload's; then exactly the keys
/// `version`, `verb` and (with a body) the verb's payload may be present.
public struct RequestEnvelope<Payload: HelperPayload>: Codable, Sendable, Equatable {
    /// The protocol version the caller speaks.
    public var version: Int
    /// The request.
    public var payload: Payload

    /// Wraps a payload in the current protocol version.
    public init(_ payload: Payload, version: Int = HelperProtocol.version) {
        self.version = version
        self.payload = payload
    }

    /// Decodes strictly: the version, the verb, then exactly the verb's payload.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        version = try container.decode(Int.self, forKey: AnyCodingKey(stringValue: "version"))
        guard version == HelperProtocol.version else {
            throw ProtocolFailure(
                code: .unsupportedVersion,
                message: "request version \(version); this helper speaks version \(HelperProtocol.version)")
        }
        let verb = try container.decode(String.self, forKey: AnyCodingKey(stringValue: "verb"))
        guard verb == Payload.verb.rawValue else {
            throw ProtocolFailure(
                code: .badRequest, message: "the request is for '\(verb)', not '\(Payload.verb.rawValue)'")
        }
        let body = AnyCodingKey(stringValue: verb)
        let allowed: Set<String> = Payload.hasBody ? ["version", "verb", verb] : ["version", "verb"]
        if let unknown = container.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container,
                debugDescription: "unknown field '\(unknown.stringValue)'; verb '\(verb)' takes "
                    + (Payload.hasBody ? "the payload '\(verb)'" : "no payload"))
        }
        payload = Payload.hasBody ? try container.decode(Payload.self, forKey: body) : try Payload(from: decoder)
    }

    /// Encodes the version, the verb and its payload.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(version, forKey: AnyCodingKey(stringValue: "version"))
        try container.encode(Payload.verb.rawValue, forKey: AnyCodingKey(stringValue: "verb"))
        if Payload.hasBody { try container.encode(payload, forKey: AnyCodingKey(stringValue: Payload.verb.rawValue)) }
    }
}
