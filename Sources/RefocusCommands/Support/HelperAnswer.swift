#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// Reads what the helper wrote on stdout as its answer: a `HelperResponse`
/// of this build's protocol version, or a `HelperClientError` in one line
/// (no answer, another protocol version, or text it cannot read, with where
/// it went wrong) — never a decoder's dump.
enum HelperAnswer {
    /// The answer in `output`, from `helper`, which exited with `status`
    /// after writing `message` on stderr (joined into one line).
    static func read(_ output: Data, helper: String, status: Int32, message: String) throws(HelperClientError)
        -> HelperResponse
    {
        guard output.contains(where: { !Self.isWhiteSpace($0) }) else {
            throw .noAnswer(helper: helper, status: status, message: Self.shortened(message))
        }
        // The focus verb's columns are parsed in place; JSONDecoder reads the rest (or the whole,
        // when the skim cannot follow it, to say what is wrong).
        let parts = FocusAnswer(output)
        let envelope = parts?.envelope ?? output
        // The version first: an answer of another version may have another shape altogether.
        let outline = try? HelperProtocol.decoder().decode(Outline.self, from: envelope)
        if let version = outline?.version, version != HelperProtocol.version {
            throw .otherProtocol(helper: helper, version: version)
        }
        do {
            var response = try HelperProtocol.decoder().decode(HelperResponse.self, from: envelope)
            if let parts {
                do {
                    response.focus = try parts.columns()
                } catch {
                    throw HelperClientError.unreadableAnswer(helper: helper, status: status, reason: error.reason)
                }
            }
            return response
        } catch let error as HelperClientError {
            throw error
        } catch let error as DecodingError {
            // A refusal this build does not know the code of still says what is wrong.
            if outline?.ok == false, let message = outline?.error?.message, !message.isEmpty {
                throw .failed(helper: helper, status: status, message: Self.shortened(message))
            }
            throw .unreadableAnswer(helper: helper, status: status, reason: Self.reason(error))
        } catch {
            throw .unreadableAnswer(helper: helper, status: status, reason: Self.shortened("\(error)"))
        }
    }

    /// Where and why `error` stopped the decoding, briefly: `not JSON`,
    /// `no 'ok'`, `sessions[0].start: not a date`.
    static func reason(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, context):
            return "no '\(path(context.codingPath + [key]))'"
        case let .valueNotFound(_, context):
            return "\(path(context.codingPath)): no value"
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)): not \(expected(type))"
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty { return "not JSON" }
            let detail = shortened(context.debugDescription)
            return "\(path(context.codingPath)): " + (detail.hasSuffix(".") ? String(detail.dropLast()) : detail)
        @unknown default:
            return "not an answer"
        }
    }

    /// `sessions[0].start`, or `the answer` for the top.
    private static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the answer" }
        return keys.enumerated().map { index, key in
            key.intValue.map { "[\($0)]" } ?? (index == 0 ? key.stringValue : "." + key.stringValue)
        }.joined()
    }

    /// What a decoder expected, in words.
    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt32.Type, is Double.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "what the protocol has there"
        }
    }

    /// The first line of `text`, at most 160 characters: a backtrace or a
    /// long complaint stays one readable line.
    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 160 ? line.prefix(159) + "…" : line
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D].contains(byte)
    }

    /// What any answer has, read leniently: its version, and a refusal's message.
    private struct Outline: Decodable {
        let version: Int?
        let ok: Bool?
        let error: Failure?

        struct Failure: Decodable {
            let message: String?
        }
    }
}
