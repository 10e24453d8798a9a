import RefocusPolicy

/// `PolicyFile.parse`, the helper's reader of /etc/refocus/policy.toml
/// (`TOMLTable(parsing:)`, then every key checked): no crash, hang or
/// runaway memory on any bytes.
enum PolicyFuzz: FuzzTarget {
    static let name = "policy"

    static func fuzz(_ bytes: [UInt8]) {
        _ = try? PolicyFile.parse(bytes, path: "policy.toml")
    }
}
