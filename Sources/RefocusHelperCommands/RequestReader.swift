import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// Reads the one JSON request on stdin: at most
/// `HelperProtocol.maximumRequestBytes`, whole within a deadline, with no
/// key twice in any object (`DuplicateKeyCheck`), decoded strictly as the
/// envelope of the verb the command line names, which is where the verb is
/// checked. Standard input stays blocking (it is the caller's too): each
/// read waits in `poll`.
enum RequestReader {
    /// The `Payload` of the envelope read from `descriptor` (standard input).
    static func read<Payload: HelperPayload>(_: Payload.Type, within deadline: Duration,
                                             from descriptor: Int32 = STDIN_FILENO) throws -> Payload {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(descriptor, path: "the request", limit: HelperProtocol.maximumRequestBytes,
                                           deadline: .now + deadline)
        } catch {
            switch error.errno {
            case .fileTooLarge:
                throw ProtocolFailure(code: .requestTooLarge,
                                      message: "the request is larger than \(HelperProtocol.maximumRequestBytes) bytes")
            case .timedOut:
                throw ProtocolFailure(code: .badRequest,
                                      message: "the request did not arrive within \(HelperDeadlines.seconds(deadline)): "
                                          + "write the whole JSON document on standard input and close it")
            default:
                throw error
            }
        }
        do {
            try DuplicateKeyCheck.check(bytes)
        } catch {
            throw ProtocolFailure(code: .badRequest, message: "the request is invalid: \(error)")
        }
        do {
            return try HelperProtocol.decoder().decode(RequestEnvelope<Payload>.self, from: Data(bytes)).payload
        } catch let failure as ProtocolFailure {
            throw failure
        } catch {
            throw ProtocolFailure(code: .badRequest, message: "the request is invalid: \(Self.describe(error))")
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
        if let underlying = context.underlyingError { reasons.append("\(underlying)") } else { reasons.append(context.debugDescription) }
        let reason = reasons.joined(separator: ": ")
        return path.isEmpty ? reason : path.joined(separator: ".") + ": " + reason
    }
}
