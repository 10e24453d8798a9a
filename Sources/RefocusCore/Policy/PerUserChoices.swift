/// How sessions meant for some users are enforced (`per_user_fallback`,
/// `user_sessions` in policy.toml): the administrator's schedules always
/// reach only their users; a user's own session reaches everyone unless
/// `user_sessions = "owner"`.
public struct PerUserChoices: Sendable, Equatable {
    /// What blocks a targeted user's names where the resolver module is not in force.
    public var fallback: PerUserFallback
    /// Whom a user's own session blocks.
    public var userSessions: UserSessionScope

    /// The choices; the defaults are the policy's.
    public init(fallback: PerUserFallback = .refuse, userSessions: UserSessionScope = .machine) {
        self.fallback = fallback
        self.userSessions = userSessions
    }
}

/// Where a per-user session's names go when the resolver module, the only
/// layer that answers by user, is not in force (`per_user_fallback`).
public enum PerUserFallback: String, CaseIterable, Sendable {
    /// Nowhere (the default): the table and the exec guard still act for
    /// the targeted users, and the notes say that their names resolve.
    case refuse
    /// Into the machine-wide /etc/hosts section, blocking the names for
    /// every user: the administrator's explicit consent.
    case machine
}

/// Whom a user's own session blocks (`user_sessions`).
public enum UserSessionScope: String, CaseIterable, Sendable {
    /// Every user of the machine, as the hosts section does (the default).
    case machine
    /// Its owner only, at every layer that can tell users apart: on a
    /// shared machine one member's focus never blocks another's browsing.
    case owner
}
