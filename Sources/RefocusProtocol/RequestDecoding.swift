#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

extension HelperProtocol {
    /// The payload of the request document `bytes`, for the verb `Payload`
    /// is for: what `refocus-helper` makes of the bytes it read on standard
    /// input (the reader caps them at `maximumRequestBytes`; this does not).
    /// No key may appear twice in any object (`JSONReader`, which also
    /// caps the nesting); then the document is decoded strictly as that
    /// verb's `RequestEnvelope`.
    ///
    /// - Throws: `ProtocolFailure` (`badRequest`, or `unsupportedVersion`)
    ///   naming the bad field and the reason.
    public static func decodeRequest<Payload: HelperPayload>(
        _: Payload.Type, from bytes: [UInt8]
    ) throws(ProtocolFailure) -> Payload {
        do {
            try JSONReader.check(bytes)
        } catch {
            throw ProtocolFailure(code: .badRequest, message: "the request is invalid: \(error)")
        }
        do {
            return try decoder().decode(RequestEnvelope<Payload>.self, from: Data(bytes)).payload
        } catch let failure as ProtocolFailure {
            throw failure
        } catch {
            throw ProtocolFailure(code: .badRequest, message: "the request is invalid: \(describe(error))")
        }
    }

    /// A decoding error in one line: the path of the bad field and the reason.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        var what = ""
        switch error {
        case .dataCorrupted(let found):
            context = found
        case .keyNotFound(let key, let found):
            context = found
            what = "missing field '\(key.stringValue)'"
        case .typeMismatch(let type, let found), .valueNotFound(let type, let found):
            context = found
            what = "expected \(type)"
        @unknown default:
            return "\(error)"
        }
        var path: [String] = []
        for key in context.codingPath {
            if let index = key.intValue { path.append("[\(index)]") } else { path.append(key.stringValue) }
        }
        var reasons: [String] = []
        if !what.isEmpty { reasons.append(what) }
        if let underlying = context.underlyingError {
            reasons.append("\(underlying)")
        } else {
            reasons.append(context.debugDescription)
        }
        let reason = reasons.joined(separator: ": ")
        return path.isEmpty ? reason : path.joined(separator: ".") + ": " + reason
    }
}
