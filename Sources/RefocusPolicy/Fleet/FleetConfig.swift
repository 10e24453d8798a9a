import RefocusCore

/// Where a fleet's policy comes from: `/etc/refocus/fleet.toml`, read
/// strictly (`parse`): the git remote, its branch, and the allowed-signers
/// file whose keys alone may sign the commits a pull applies.
public struct FleetConfig: Equatable, Sendable {
    /// The file's path.
    public static let path = "/etc/refocus/fleet.toml"
    /// The default branch.
    public static let defaultBranch = "main"
    /// The largest fleet.toml read.
    public static let sizeLimit = 64 << 10

    /// The remote's URL: `https://`, `ssh://`, `git://`, `file://`, `user@host:path`, or an absolute path.
    public var remote: String
    /// The branch whose tip is applied.
    public var branch: String
    /// The absolute path of git's allowed-signers file (`gpg.ssh.allowedSignersFile`).
    public var allowedSigners: String

    /// A configuration with these values, unchecked (`parse` checks).
    public init(remote: String, branch: String = defaultBranch, allowedSigners: String) {
        self.remote = remote
        self.branch = branch
        self.allowedSigners = allowedSigners
    }

    /// The keys fleet.toml may hold.
    public enum Key: String, CaseIterable, Sendable {
        /// `remote`: the URL.
        case remote
        /// `branch`: the branch followed.
        case branch
        /// `allowed_signers`: the allowed-signers file's path.
        case allowedSigners = "allowed_signers"
    }

    /// The configuration the bytes of a fleet.toml describe: every key known,
    /// `remote` and `allowed_signers` present, each value of its form; any
    /// mistake is a `FleetConfigError` that names it and its fix.
    public static func parse(_ bytes: [UInt8], path: String = path) throws(FleetConfigError) -> FleetConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(parsing: bytes)
        } catch {
            throw .invalid(path: path, key: nil, reason: "not valid TOML: \(error)")
        }
        var values: [Key: String] = [:]
        for (key, value) in table {
            guard let known = Key(rawValue: key) else {
                throw .invalid(
                    path: path, key: key,
                    reason: "unknown key; the keys are " + Key.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard let text = value.string else {
                throw .invalid(path: path, key: key, reason: "give a string in quotes, such as \(example(known))")
            }
            values[known] = text
        }
        for key in [Key.remote, .allowedSigners] where values[key] == nil {
            throw .invalid(path: path, key: key.rawValue, reason: "missing; add a line such as \(example(key))")
        }
        let config = FleetConfig(
            remote: values[.remote] ?? "", branch: values[.branch] ?? defaultBranch,
            allowedSigners: values[.allowedSigners] ?? "")
        if let reason = remoteProblem(config.remote) {
            throw .invalid(path: path, key: Key.remote.rawValue, reason: reason)
        }
        if let reason = branchProblem(config.branch) {
            throw .invalid(path: path, key: Key.branch.rawValue, reason: reason)
        }
        if !config.allowedSigners.hasPrefix("/") || config.allowedSigners.utf8.contains(where: { $0 < 0x20 })
            || config.allowedSigners.split(separator: "/").contains("..")
        {
            throw .invalid(
                path: path, key: Key.allowedSigners.rawValue,
                reason: "give an absolute path without '..', such as \(example(.allowedSigners))")
        }
        return config
    }

    /// A line of fleet.toml that sets `key`.
    static func example(_ key: Key) -> String {
        switch key {
        case .remote: #"remote = "https://git.example.org/fleet/policy.git""#
        case .branch: #"branch = "main""#
        case .allowedSigners: #"allowed_signers = "/etc/refocus/fleet-allowed-signers""#
        }
    }

    /// The URL schemes a remote may use; git's others (`ext::`, which runs a command) are refused.
    static let schemes = ["https://", "ssh://", "git://", "file://"]

    /// Why `remote` is refused, or nil.
    static func remoteProblem(_ remote: String) -> String? {
        let allowed = "an https://, ssh://, git:// or file:// URL, user@host:path, or an absolute path"
        if remote.isEmpty || remote.hasPrefix("-") || remote.contains("::")
            || remote.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
        {
            return "give \(allowed), without spaces or a leading '-'"
        }
        if schemes.contains(where: remote.hasPrefix) || remote.hasPrefix("/") { return nil }
        // scp-like: user@host:path or host:path, the host before the first ':' with no '/'.
        if let colon = remote.firstIndex(of: ":"), colon != remote.startIndex, !remote[..<colon].contains("/") {
            return nil
        }
        return "give \(allowed) (git's other transports are refused)"
    }

    /// Why `branch` is refused, or nil: a plain branch name, as `git check-ref-format --branch` takes and more
    /// narrowly (letters, digits, `-`, `_`, `.`, `/`, no `..`, no leading `-`, `.` or `/`).
    static func branchProblem(_ branch: String) -> String? {
        let allowed = branch.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x2F
        }
        if branch.isEmpty || branch.count > 200 || !allowed || branch.contains("..") || branch.contains("//")
            || branch.hasPrefix("-") || branch.hasPrefix(".") || branch.hasPrefix("/") || branch.hasSuffix("/")
            || branch.hasSuffix(".lock") || branch.hasSuffix(".")
        {
            return "give a branch name of letters, digits, '-', '_', '.' and '/', such as \(example(.branch))"
        }
        return nil
    }
}
