import RefocusCore

/// Why `/etc/refocus/fleet.toml` cannot be used: each names the file, the key and the fix.
public enum FleetConfigError: RefocusError, Equatable {
    /// No fleet.toml: this machine follows no fleet.
    case missing(path: String)
    /// The file or one of its keys is invalid.
    case invalid(path: String, key: String?, reason: String)
    /// A file the configuration names is not root's alone (a link, someone else's, writable by others).
    case untrusted(path: String, reason: String)

    public var category: ErrorCategory { .configuration }

    public var description: String {
        switch self {
        case .missing(let path) where path == FleetConfig.path:
            "\(path) does not exist: this machine follows no fleet; write it (remote, allowed_signers; "
                + "see 'A fleet' in the administration guide)"
        case .missing(let path):
            "\(path) does not exist: write the allowed-signers file fleet.toml names (one line per key: "
                + "PRINCIPAL namespaces=\"git\" KEY; see 'A fleet' in the administration guide)"
        case let .invalid(path, key?, reason): "\(path): '\(key)': \(reason)"
        case let .invalid(path, nil, reason): "\(path): \(reason)"
        case let .untrusted(path, reason):
            "\(path) is not trusted: \(reason); make it a plain file owned by root, writable by root alone "
                + "(chown root:root \(path); chmod 0644 \(path))"
        }
    }
}
