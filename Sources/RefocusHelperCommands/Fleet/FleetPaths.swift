/// The fixed paths of a fleet pull: none comes from the repository or the caller.
enum FleetPaths {
    /// root's state: the clone, the verified allowed-signers copy, the record, the lock (0700).
    static let state = "/var/lib/refocus/fleet"
    /// The bare clone of the remote.
    static let clone = state + "/repository.git"
    /// The copy of the allowed-signers file git verifies with (taken once it was found root's alone).
    static let signers = state + "/allowed-signers"
    /// The record `fleet status` reads.
    static let record = state + "/status.json"
    /// Held for a whole pull.
    static let lock = state + "/lock"
    /// /etc/refocus, where the managed paths are.
    static let etc = "/etc/refocus"
    /// The generations and the `current` link (0755).
    static let generations = etc + "/fleet"
    /// The link whose single rename swaps one generation for the next.
    static let current = generations + "/current"
    /// The paths under /etc/refocus a fleet manages, each a link through `current`.
    static let managed = ["policy.toml", "lists", "schedules.d"]
    /// The folders every generation holds, empty or not.
    static let folders = ["lists", "schedules.d"]
    /// What a managed path held before the first pull is kept under its name and this suffix.
    static let keptSuffix = ".before-fleet"
}
