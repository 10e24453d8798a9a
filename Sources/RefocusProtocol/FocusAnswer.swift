#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// A helper's answer read in two parts: its `focus` member (the `focus`
/// verb's columns, megabytes for a long history) parsed in place by
/// `FocusColumns.init(json:members:)`, and the rest (version, ok, notes,
/// error: a few hundred bytes) left for `JSONDecoder` as `envelope`, with
/// `null` where the columns were. Decoding a 100,000-session answer whole
/// through `JSONDecoder` cost half a second; this costs a few milliseconds.
///
/// The members are found by the one JSON reader (`JSONMemberRanges`),
/// which checks the whole answer as it goes. The wire is the one
/// `HelperResponse` encodes: an answer of any verb, of an older or newer
/// helper, reads the same either way.
public struct FocusAnswer: Sendable {
    /// The answer with its `focus` member's value replaced by `null`; the
    /// whole answer when it has none.
    public let envelope: Data
    /// The whole answer, when it has a `focus` member.
    private let answer: [UInt8]
    /// Where the `focus` member's value lies in `answer`, when it has one.
    private let focus: Range<Int>?
    /// Where the values of the `focus` object's members lie in `answer`.
    private let columnRanges: [String: Range<Int>]

    /// The parts of `answer`, or nil when it is not a JSON object that
    /// `JSONReader` accepts (then `JSONDecoder` reads the whole and says
    /// what is wrong).
    public init?(_ answer: Data) {
        let bytes = [UInt8](answer)
        guard let members = try? JSONMemberRanges(bytes, depth: 2), members.isObject else { return nil }
        guard let range = members.value(at: ["focus"]) else {
            envelope = answer
            self.answer = []
            focus = nil
            columnRanges = [:]
            return
        }
        let base = answer.startIndex
        var envelope = Data(answer[base..<(base + range.lowerBound)])
        envelope.append(contentsOf: "null".utf8)
        envelope.append(answer[(base + range.upperBound)...])
        self.envelope = envelope
        self.answer = bytes
        focus = range
        columnRanges = members.members(under: ["focus"])
    }

    /// The `focus` member's columns; nil when the answer has none or it is `null`.
    public func columns() throws(FocusColumnsError) -> FocusColumns? {
        guard let focus, answer[focus] != ArraySlice("null".utf8) else { return nil }
        guard answer[focus.lowerBound] == UInt8(ascii: "{") else { throw .init("'focus' is not an object") }
        let result = answer.withUnsafeBytes { bytes -> Result<FocusColumns, FocusColumnsError> in
            do throws(FocusColumnsError) {
                return .success(try FocusColumns(json: bytes, members: columnRanges))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
