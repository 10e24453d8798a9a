import RefocusPolicy

/// `PolicyFile.parse`, the helper's reader of /etc/refocus/policy.toml
/// (TOMLKit, then every key checked): no crash, hang or runaway memory on
/// any text.
enum PolicyFuzz: FuzzTarget {
    static let name = "policy"

    static func fuzz(_ bytes: [UInt8]) {
        _ = try? PolicyFile.parse(String(decoding: bytes, as: UTF8.self), path: "policy.toml")
    }
}
