import RefocusCore
import RefocusOS

/// Reading fleet.toml and the allowed-signers file it names: both root's alone (`RootOwnedFile`).
extension FleetConfig {
    /// The largest allowed-signers file read.
    public static let signersSizeLimit = 1 << 20

    /// The configuration in `path`: missing, untrusted or invalid is an error that says so.
    public static func load(path: String = path) throws -> FleetConfig {
        try parse(try trusted(path, limit: sizeLimit), path: path)
    }

    /// The allowed-signers file's bytes, when it is root's alone and not empty.
    public func allowedSignersBytes() throws -> [UInt8] {
        let bytes = try Self.trusted(allowedSigners, limit: Self.signersSizeLimit)
        guard bytes.contains(where: { $0 > 0x20 }) else {
            throw FleetConfigError.untrusted(
                path: allowedSigners, reason: "it lists no key, so no commit could be verified")
        }
        return bytes
    }

    /// The bytes of `file`, a plain file root alone may write.
    static func trusted(_ file: String, limit: Int) throws -> [UInt8] {
        switch try RootOwnedFile.read(file, limit: limit) {
        case nil: throw FleetConfigError.missing(path: file)
        case .success(let bytes)?: return bytes
        case .failure(.notRegular)?: throw FleetConfigError.untrusted(path: file, reason: "it is not a plain file")
        case .failure(.owner(let uid))?:
            throw FleetConfigError.untrusted(path: file, reason: "it is owned by uid \(uid)")
        case .failure(.writable(let mode))?:
            throw FleetConfigError.untrusted(
                path: file, reason: "its mode \(String(mode, radix: 8)) lets others than root write it")
        }
    }
}
