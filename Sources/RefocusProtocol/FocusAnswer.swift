#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A helper's answer read in two parts: its `focus` member (the `focus`
/// verb's columns, megabytes for a long history) parsed in place by
/// `FocusColumns.init(json:at:)`, and the rest (version, ok, notes, error:
/// a few hundred bytes) left for `JSONDecoder` as `envelope`, with `null`
/// where the columns were. Decoding a 100,000-session answer whole through
/// `JSONDecoder` cost half a second; this costs a few milliseconds.
///
/// The wire is the one `HelperResponse` encodes: an answer of any verb, of
/// an older or newer helper, reads the same either way.
public struct FocusAnswer: Sendable {
    /// The answer with its `focus` member's value replaced by `null`; the
    /// whole answer when it has none.
    public let envelope: Data
    /// The whole answer, when it has a `focus` member.
    private let answer: Data?
    /// Where the `focus` member's value starts in `answer`.
    private let focusStart: Int

    /// The parts of `answer`, or nil when it is not a JSON object this skim
    /// can follow (then `JSONDecoder` reads the whole and says what is wrong).
    public init?(_ answer: Data) {
        let parts = answer.withUnsafeBytes { bytes -> (Range<Int>?, Bool) in
            guard let object = JSONMembers(bytes) else { return (nil, false) }
            return (object.value(of: "focus"), true)
        }
        guard parts.1 else { return nil }
        guard let range = parts.0 else {
            envelope = answer
            self.answer = nil
            focusStart = 0
            return
        }
        let base = answer.startIndex
        var envelope = Data(answer[base..<(base + range.lowerBound)])
        envelope.append(contentsOf: "null".utf8)
        envelope.append(answer[(base + range.upperBound)...])
        self.envelope = envelope
        self.answer = answer
        focusStart = range.lowerBound
    }

    /// The `focus` member's columns; nil when the answer has none or it is `null`.
    public func columns() throws(FocusColumnsError) -> FocusColumns? {
        guard let answer else { return nil }
        let start = focusStart
        let result = answer.withUnsafeBytes { bytes -> Result<FocusColumns?, FocusColumnsError> in
            if bytes.count - start >= 4, bytes[start] == UInt8(ascii: "n"),
                Array(bytes[start..<(start + 4)]) == Array("null".utf8)
            {
                return .success(nil)
            }
            do throws(FocusColumnsError) {
                return .success(try FocusColumns(json: bytes, at: start))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
