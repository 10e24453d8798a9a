#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// An intent as a file of the sync store: `sessions/MACHINE/ID.json`, at
/// most `maximumBytes`, read with the one strict JSON reader (its depth
/// cap) before any field is decoded.
extension SessionIntent {
    /// The largest intent file read; a larger one is refused unread.
    public static let maximumBytes = 16 * 1024

    /// Why an intent file was refused.
    public enum FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// Larger than `maximumBytes`.
        case tooLarge(Int)
        /// Not JSON (or nested too deep).
        case notJSON(String)
        /// JSON, but not an intent: the field and the reason.
        case invalid(String)

        public var description: String {
            switch self {
            case .tooLarge(let bytes): "\(bytes) bytes, more than an intent's \(SessionIntent.maximumBytes)"
            case .notJSON(let reason): "not JSON: \(reason)"
            case .invalid(let reason): "not an intent: \(reason)"
            }
        }
    }

    /// Its path in the sync store, relative to the store's root.
    public var relativePath: String { "sessions/\(machine)/\(id).json" }

    /// The intent a file's `bytes` hold.
    public static func read(_ bytes: [UInt8]) throws(FileProblem) -> SessionIntent {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes.count) }
        let value: JSONValue
        do { value = try JSONValue(parsing: bytes) } catch { throw .notJSON(error.description) }
        do {
            return try JSONValueDecoder.decode(SessionIntent.self, from: value)
        } catch let error as DecodingError {
            throw .invalid(error.fieldReason)
        } catch {
            throw .invalid("\(error)")
        }
    }

    /// The bytes of its file: sorted keys, UTC times in whole seconds.
    public func fileBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(self)) + [0x0A]
    }
}
