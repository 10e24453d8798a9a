/// What a program file is, whatever it is called and wherever it lies: the
/// build id its linker wrote into it (an ELF file's `NT_GNU_BUILD_ID` note,
/// or Go's build id note), or, for a file without one (a script, a program
/// linked without an id), its size with a hash of its first
/// `ContentHash.prefixLength` bytes. A copy of a blocked program under
/// another name and in another folder has the fingerprint of the original,
/// so the exec guard and the program blocker refuse it too.
///
/// Not a defence against a changed file: a copy with its build id note
/// rewritten, or a script with a byte added, is another program. It makes
/// `cp` and a hard link no way out, as the identity (`FileIdentity`) makes
/// a rename none.
public enum ProgramFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The bytes of the build id note's descriptor (usually 20: a SHA-1 the linker computed).
    case buildID([UInt8])
    /// A file without a build id: its size and `ContentHash` of its first bytes.
    case content(size: UInt64, hash: UInt64)

    /// `build-id:HEX` or `content:SIZE:HEX`.
    public var description: String {
        switch self {
        case .buildID(let bytes): "build-id:" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        case .content(let size, let hash): "content:\(size):" + String(hash, radix: 16)
        }
    }
}

/// FNV-1a, 64 bits, over the first `prefixLength` bytes of a file: cheap
/// enough to take at an exec, and only ever compared with the hashes of the
/// blocked programs' own files (a collision could only refuse one more of
/// the owner's own programs, never let one through).
public enum ContentHash {
    /// How many bytes of a file without a build id are hashed.
    public static let prefixLength = 256 * 1024

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    /// The hash of `bytes` (at most `prefixLength` of them are given).
    public static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }
}
