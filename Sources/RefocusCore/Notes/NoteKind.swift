/// The kinds of `Note`, by the name the JSON carries (`"kind"`).
public enum NoteKind: String, Sendable, Codable, CaseIterable {
    /// An open session whose row cannot be read.
    case damagedSession
    /// A sentence of the part that noticed something.
    case remark
    /// Browser rules over Chromium's limit.
    case chromiumRulesOverLimit
    /// Allowed browser entries over Chromium's limit.
    case chromiumAllowedOverLimit
    /// Allowed ranges the browsers' policies cannot name.
    case allowedRangesNotInBrowsers
    /// Browser rules over Firefox's limit.
    case firefoxRulesOverLimit
    /// Names whose answers did not come in time.
    case namesTimedOut
    /// Names not resolved at all.
    case namesNotResolved
    /// The daemon's table left as it is.
    case tableKeptByDaemon
    /// The table could not be made.
    case tableNotMade
    /// The routes stand in for the table.
    case fallbackRoutesInForce
    /// The routes could not be put in place.
    case fallbackRoutesFailed
    /// The routes could not be removed.
    case fallbackRoutesNotRemoved
    /// No enforcer daemon runs.
    case daemonNotRunning
    /// The daemon did not answer.
    case daemonStuck
    /// A list enforced through the resolver module only.
    case listInResolverOnly
    /// A list enforced through /etc/hosts only.
    case listInHostsOnly
    /// A session that ended at its planned end.
    case sessionEnded
    /// An allowlist session ignores programs.
    case allowlistProgramsIgnored
    case perUserNamesUnblocked
}

extension Note {
    /// This note's kind.
    public var kind: NoteKind {
        switch self {
        case .damagedSession: .damagedSession
        case .remark: .remark
        case .chromiumRulesOverLimit: .chromiumRulesOverLimit
        case .chromiumAllowedOverLimit: .chromiumAllowedOverLimit
        case .allowedRangesNotInBrowsers: .allowedRangesNotInBrowsers
        case .firefoxRulesOverLimit: .firefoxRulesOverLimit
        case .namesTimedOut: .namesTimedOut
        case .namesNotResolved: .namesNotResolved
        case .tableKeptByDaemon: .tableKeptByDaemon
        case .tableNotMade: .tableNotMade
        case .fallbackRoutesInForce: .fallbackRoutesInForce
        case .fallbackRoutesFailed: .fallbackRoutesFailed
        case .fallbackRoutesNotRemoved: .fallbackRoutesNotRemoved
        case .daemonNotRunning: .daemonNotRunning
        case .daemonStuck: .daemonStuck
        case .listInResolverOnly: .listInResolverOnly
        case .listInHostsOnly: .listInHostsOnly
        case .sessionEnded: .sessionEnded
        case .allowlistProgramsIgnored: .allowlistProgramsIgnored
        case .perUserNamesUnblocked: .perUserNamesUnblocked
        }
    }
}
