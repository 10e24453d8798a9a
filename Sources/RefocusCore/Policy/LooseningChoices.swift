/// The administrator's rules for loosening a session (`emergency_exit`,
/// `emergency_delay`, `emergency_per_week`, `min_delay` in policy.toml):
/// whether a locked session has an emergency exit, how long it waits and
/// how often a week it may be taken, and the shortest delay any session's
/// stop or pause waits.
public struct LooseningChoices: Sendable, Equatable {
    /// Whether the owner of a locked session may take its emergency exit (`emergency_exit`).
    public var emergencyExit = true
    /// How long a locked session keeps blocking after its emergency exit is
    /// asked for, in seconds (`emergency_delay`; 0 to `PendingChange.maximumDelay`).
    public var emergencyDelay = 15 * 60
    /// How many emergency exits one owner may take in 7 days (`emergency_per_week`, 0 to 7; 0: none).
    public var emergencyPerWeek = 1
    /// The shortest loosening delay of every session, in seconds (`min_delay`;
    /// 0 to `PendingChange.maximumDelay`): a session keeps the longer of its
    /// own delay and this.
    public var minimumDelay = 0

    /// The most emergency exits a week the policy may allow.
    public static let maximumPerWeek = 7

    /// The defaults.
    public init() {}
}
