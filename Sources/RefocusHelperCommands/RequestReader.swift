import Foundation
import RefocusCore
import RefocusSystem

/// Reads the one JSON request on stdin: at most
/// `HelperProtocol.maximumRequestBytes`, decoded strictly, of the verb the
/// command line names.
enum RequestReader {
    static func read(expecting verb: String) throws -> HelperRequest {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(STDIN_FILENO, path: "the request", limit: HelperProtocol.maximumRequestBytes)
        } catch where error.errno == .fileTooLarge {
            throw ProtocolFailure(code: .requestTooLarge,
                                  message: "the request is larger than \(HelperProtocol.maximumRequestBytes) bytes")
        }
        let envelope: RequestEnvelope
        do {
            envelope = try HelperProtocol.decoder().decode(RequestEnvelope.self, from: Data(bytes))
        } catch let failure as ProtocolFailure {
            throw failure
        } catch {
            throw ProtocolFailure(code: .badRequest, message: "the request is invalid: \(Self.describe(error))")
        }
        guard envelope.request.verb == verb else {
            throw ProtocolFailure(code: .badRequest,
                                  message: "the request is for '\(envelope.request.verb)', not '\(verb)'")
        }
        return envelope.request
    }

    /// A decoding error in one line: the path of the bad field and the reason.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let (context, what): (DecodingError.Context, String) = switch error {
        case let .dataCorrupted(context): (context, "")
        case let .keyNotFound(key, context): (context, "missing field '\(key.stringValue)'")
        case let .typeMismatch(type, context): (context, "expected \(type)")
        case let .valueNotFound(type, context): (context, "expected \(type)")
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: "\(error)"), "")
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let reason = [what, context.underlyingError.map { "\($0)" } ?? context.debugDescription]
            .filter { !$0.isEmpty }.joined(separator: ": ")
        return path.isEmpty ? reason : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(reason)"
    }
}
