import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// Reads the one JSON request on stdin: at most the verb's
/// `HelperPayload.maximumBytes` (checked as the bytes arrive, before any
/// decoding), whole within a deadline, then
/// `HelperProtocol.decodeRequest`: no key twice in any object
/// (`JSONReader`), decoded strictly as the envelope of the verb the
/// command line names, which is where the verb is checked. Standard input
/// stays blocking (it is the caller's too): each read waits in `poll`.
enum RequestReader {
    /// The `Payload` of the envelope read from `descriptor` (standard input).
    static func read<Payload: HelperPayload>(
        _: Payload.Type, within deadline: Duration,
        from descriptor: Int32 = STDIN_FILENO
    ) throws -> Payload {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(
                descriptor, path: "the request", limit: Payload.maximumBytes,
                deadline: .now + deadline)
        } catch {
            switch error.errno {
            case .fileTooLarge:
                throw ProtocolFailure(
                    code: .requestTooLarge,
                    message: "the request is larger than \(Payload.maximumBytes) bytes, the most a "
                        + "'\(Payload.verb.rawValue)' request needs")
            case .timedOut:
                throw ProtocolFailure(
                    code: .badRequest,
                    message: "the request did not arrive within \(HelperDeadlines.seconds(deadline)): "
                        + "write the whole JSON document on standard input and close it")
            default:
                throw error
            }
        }
        return try HelperProtocol.decodeRequest(Payload.self, from: bytes)
    }
}
