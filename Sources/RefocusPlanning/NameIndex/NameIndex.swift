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
/// Names may also be blocked for chosen users only (`users`): such an
/// entry blocks the name for a process whose real uid it lists, and for
/// any other leaves the name to its parents' entries
/// (NameIndex+Users.swift).
///
/// Built by `Builder` (NameIndex+Builder.swift) so that the same names give
/// the same bytes whatever their order. A name given more than once is
/// stored once: kept if it is kept at all, else blocked for everyone if it
/// is at all, else for its users.
public struct NameIndex: Sendable, Equatable {
    /// The whole file.
    public let bytes: [UInt8]
    /// How many of its names are blocked for some users only.
    public let perUserCount: Int

    /// The path the module reads: the helper writes it there (0644, root).
    public static let path = "/run/refocus/names.idx"

    /// The largest file the module maps (`RF_NAMES_MAX_BYTES`).
    public static let maximumBytes = RF_NAMES_MAX_BYTES

    /// The index that blocks `blocked` for everyone, keeps `kept`, and
    /// blocks each uid's names in `users` for that user only.
    ///
    /// Inlined into the caller, where the collections' types are known, so
    /// that walking them is not a call through the protocol's witnesses a
    /// name, and a name is copied without being retained
    /// (`Builder.records`): a `Set`'s order scatters the names over memory,
    /// and a retain of each, an atomic write, made those reads wait one
    /// for another.
    @inlinable
    public init(
        blocking blocked: some Collection<DomainName>, keeping kept: some Collection<DomainName> = [DomainName](),
        users: [UInt32: Set<DomainName>] = [:]
    ) {
        (bytes, perUserCount) =
            Builder(records: Builder.records(kept: kept, blocked: blocked, users: Builder.userRecords(users))).file()
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
        perUserCount = Self.perUserCount(bytes)
    }

    /// How many names it holds, blocked (for everyone or for some users) and kept.
    public var count: Int {
        Int(bytes.withUnsafeBytes { $0.loadUnaligned(as: rf_names_header.self) }.name_count)
    }

    /// What the module answers for `name` to a user no per-user entry
    /// names: the most specific of the name and its parents that is in the
    /// index for everyone decides.
    public func match(_ name: String) -> Match {
        match(name, uid: nil)
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
