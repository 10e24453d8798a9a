import CNameIndex
import RefocusCore

/// The names index that the NSS module (`libnss_refocus.so.2`) maps: every
/// blocked domain, which blocks it and every name under it, and the domains
/// the policy never blocks, which keep themselves and the names under them
/// unblocked even under a blocked parent. The layout and the hash are
/// CNameIndex's (`refocus_names_index.h`), the same code the module reads
/// with: a 64-byte header with checksums, an open-addressing hash table at
/// most half full, and the names' records.
///
/// Built by `Builder` (NameIndex+Builder.swift) so that the same names give
/// the same bytes whatever their order. A name given both blocked and kept
/// is stored once, kept.
public struct NameIndex: Sendable, Equatable {
    /// The whole file.
    public let bytes: [UInt8]

    /// The path the module reads: the helper writes it there (0644, root).
    public static let path = "/run/refocus/names.idx"

    /// The largest file the module maps (`RF_NAMES_MAX_BYTES`).
    public static let maximumBytes = RF_NAMES_MAX_BYTES

    /// The index that blocks `blocked` and keeps `kept`.
    ///
    /// Inlined into the caller, where the collections' types are known, so
    /// that walking them is not a call through the protocol's witnesses a
    /// name, and a name is copied without being retained
    /// (`Builder.records`): a `Set`'s order scatters the names over memory,
    /// and a retain of each, an atomic write, made those reads wait one
    /// for another.
    @inlinable
    public init(
        blocking blocked: some Collection<DomainName>, keeping kept: some Collection<DomainName> = [DomainName]()
    ) {
        bytes = Builder(records: Builder.records(kept: kept, blocked: blocked)).file()
    }

    /// The index whose file is `bytes`, when the module would understand it
    /// and its body is intact (checksum); nil otherwise.
    public init?(validating bytes: [UInt8]) {
        let intact = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard rf_names_valid(buffer.baseAddress, buffer.count) != 0 else { return false }
            let header = UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(as: rf_names_header.self)
            let body = UnsafeBufferPointer(rebasing: buffer[Int(header.header_size)...])
            return rf_names_checksum(body.baseAddress, body.count) == header.body_checksum
        }
        guard intact else { return nil }
        self.bytes = bytes
    }

    /// How many names it holds, blocked and kept.
    public var count: Int {
        Int(bytes.withUnsafeBytes { $0.loadUnaligned(as: rf_names_header.self) }.name_count)
    }

    /// What the module answers for `name`: the most specific of the name and
    /// its parents that is in the index decides.
    public func match(_ name: String) -> Match {
        var name = name
        let found = bytes.withUnsafeBufferPointer { map in
            name.withUTF8 { text in
                text.withMemoryRebound(to: CChar.self) {
                    rf_names_lookup(map.baseAddress, map.count, $0.baseAddress, $0.count)
                }
            }
        }
        switch found {
        case RF_NAMES_BLOCKED: return .blocked
        case RF_NAMES_KEPT: return .kept
        default: return .none
        }
    }

    /// What the index says of one name.
    public enum Match: Sendable, Equatable {
        /// Neither the name nor a parent is in the index.
        case none
        /// Blocked: answered with the sinkhole addresses.
        case blocked
        /// Under a blocked name, but never blocked (the policy's `never_block`).
        case kept
    }
}
