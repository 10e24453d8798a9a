/// The whole request document: `{"version": 1, "verb": "start", "start": {...}}`.
///
/// The verb names which payload key must be present; any other key is refused.
public struct RequestEnvelope: Codable, Sendable, Equatable {
    /// The protocol version the caller speaks.
    public var version: Int
    /// The request.
    public var request: HelperRequest

    /// Wraps a request in the current protocol version.
    public init(_ request: HelperRequest, version: Int = HelperProtocol.version) {
        self.version = version
        self.request = request
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case version, verb, start, stop, history }

    /// Decodes strictly: the version first, then exactly the verb's payload.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == HelperProtocol.version else {
            throw ProtocolFailure(code: .unsupportedVersion,
                                  message: "request version \(version); this helper speaks version \(HelperProtocol.version)")
        }
        let verb = try container.decode(String.self, forKey: .verb)
        let payloadKeys = Set(container.allKeys.map(\.stringValue)).subtracting(["version", "verb"])
        let expected: Set<String> = ["start", "stop", "history"].contains(verb) ? [verb] : []
        guard payloadKeys == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: .verb, in: container,
                debugDescription: "verb '\(verb)' takes \(expected.isEmpty ? "no payload" : "the payload '\(verb)'")")
        }
        switch verb {
        case "start": request = .start(try container.decode(StartRequest.self, forKey: .start))
        case "stop": request = .stop(try container.decode(StopRequest.self, forKey: .stop))
        case "status": request = .status
        case "history": request = .history(try container.decode(HistoryRequest.self, forKey: .history))
        default:
            throw DecodingError.dataCorruptedError(forKey: .verb, in: container, debugDescription: "unknown verb '\(verb)'")
        }
    }

    /// Encodes the version, the verb and its payload.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(request.verb, forKey: .verb)
        switch request {
        case .start(let start): try container.encode(start, forKey: .start)
        case .stop(let stop): try container.encode(stop, forKey: .stop)
        case .status: break
        case .history(let history): try container.encode(history, forKey: .history)
        }
    }
}
