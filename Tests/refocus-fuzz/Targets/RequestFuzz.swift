import RefocusCore
import RefocusProtocol

/// `HelperProtocol.decodeRequest`, what refocus-helper (root) makes of the
/// bytes any user sends on its standard input, for the envelope of every
/// verb that reads one (duplicate keys, nesting, strict decoding, every
/// entry and name validated): a request decoded, encoded as `refocus`
/// encodes it and decoded again is the same request.
enum RequestFuzz: FuzzTarget {
    static let name = "request"

    static func fuzz(_ bytes: [UInt8]) {
        roundTrip(StartRequest.self, bytes)
        roundTrip(StopRequest.self, bytes)
        roundTrip(PaceRequest.self, bytes)
        roundTrip(StatusRequest.self, bytes)
        roundTrip(HistoryRequest.self, bytes)
        roundTrip(FocusRequest.self, bytes)
        roundTrip(AllowanceRequest.self, bytes)
    }

    private static func roundTrip<Payload: HelperPayload>(_: Payload.Type, _ bytes: [UInt8]) {
        guard let payload = try? HelperProtocol.decodeRequest(Payload.self, from: bytes) else { return }
        let encoded = (try? HelperProtocol.encoder().encode(RequestEnvelope(payload))).map(Array.init) ?? []
        FuzzCheck.require(
            (try? HelperProtocol.decodeRequest(Payload.self, from: encoded)) == payload,
            "a decoded \(Payload.verb) request encodes to one that decodes the same", input: bytes)
    }
}
