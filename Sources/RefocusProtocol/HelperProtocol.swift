#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The versioned JSON protocol between `refocus` (the user) and
/// `refocus-helper` (root): one request document on the helper's stdin, one
/// response document on its stdout.
///
/// The helper trusts nothing in a request: every field is decoded strictly
/// (unknown keys are refused), every entry and name is validated again by
/// the core parsers, and the sizes below are enforced before and during
/// decoding.
public enum HelperProtocol {
    /// The protocol version this build speaks; requests of another version are refused.
    public static let version = 1
    /// The largest request the helper reads, in bytes: a start's. The
    /// policy's default caps allow one member 50,000 domains (up to 253
    /// bytes each, 256 with their quotes and comma: 12.2 MiB), 10,000
    /// addresses and 256 programs in a start; browser paths count as
    /// names and may be longer.
    public static let maximumRequestBytes = 16 << 20
    /// The largest request of every other verb (status, stop, pace,
    /// history, focus), whose payload is a few numbers and a date: refused
    /// before decoding, so that a flood of megabytes costs root a read of
    /// 64 KiB at most.
    public static let maximumSmallRequestBytes = 8 << 10
    /// The most lists one start request may carry.
    public static let maximumLists = 64
    /// The most entries (domains and addresses) one start request may carry, all lists together.
    public static let maximumEntries = BlockList.maximumEntries
    /// The most program names one start request may carry, all lists together.
    public static let maximumPrograms = BlockList.maximumPrograms
    /// The most history rows one request may ask for.
    public static let maximumHistory = 10_000
    /// The most ended sessions one `focus` answer holds (ten sessions a day
    /// for 270 years): the helper refuses to answer more, naming `--since`,
    /// and the CLI refuses a column longer than that. About 50 MB of answer.
    public static let maximumFocusRecords = 1_000_000

    /// The encoder both sides use: sorted keys, ISO 8601 dates.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The decoder both sides use: ISO 8601 dates.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
