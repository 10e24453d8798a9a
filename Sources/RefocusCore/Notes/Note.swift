/// A remark for a person that did not stop the request: a kind and its
/// values, made by the daemon, the helper and the layers, carried as such
/// from the daemon to the helper and the CLI, and put into words once, at
/// the edge (`text`: the CLI's stderr, the daemon's log, the helper's JSON
/// beside the kind). `NoteKind` names the kinds.
public enum Note: Sendable, Equatable {
    /// An open session whose row cannot be read: skipped and kept.
    case damagedSession(id: Int64, reason: String)
    /// A sentence of the part that noticed something (a file writer's
    /// repair, a browser policy that could not be written, the daemon's
    /// stop, nsswitch.conf): its words are its value. Also every note from
    /// a helper that sent words only.
    case remark(String)
    /// Browser rules over Chromium's limit, left to /etc/hosts and the firewall.
    case chromiumRulesOverLimit(count: Int, limit: Int)
    /// Allowed browser entries over Chromium's limit: Chromium blocks them.
    case chromiumAllowedOverLimit(count: Int, limit: Int)
    /// Allowed ranges wider than one address, which the browsers' policies cannot name.
    case allowedRangesNotInBrowsers(count: Int)
    /// Browser rules over Firefox's limit, left to /etc/hosts and the firewall.
    case firefoxRulesOverLimit(count: Int, limit: Int)
    /// Names whose answers did not come in time.
    case namesTimedOut(count: Int, purpose: ResolvePurpose)
    /// No name was resolved: the name servers could not be asked.
    case namesNotResolved(error: String, purpose: ResolvePurpose)
    /// A helper run beside a live daemon left the daemon's table as it is.
    case tableKeptByDaemon(table: String)
    /// Table `inet NAME` could not be made.
    case tableNotMade(table: String, error: String)
    /// The fallback routes stand in for what `because` says (the table not made).
    indirect case fallbackRoutesInForce(because: Note)
    /// The fallback routes could not be put in place (nor the table made, as `because` says, when given).
    indirect case fallbackRoutesFailed(error: String, because: Note?)
    /// The fallback routes are no longer needed but could not be removed.
    case fallbackRoutesNotRemoved(error: String)
    /// No enforcer daemon runs: this run enforced without it.
    case daemonNotRunning(log: String)
    /// The daemon did not answer (`reason`): this run enforced the sessions itself.
    case daemonStuck(reason: String)
    /// A list enforced through the resolver module only.
    case listInResolverOnly(list: String, domains: Int, cause: ResolverOnlyCause)
    /// A list enforced through /etc/hosts only: over `hosts_only_above`, with no resolver module.
    case listInHostsOnly(list: String, domains: Int, hostsOnlyAbove: Int)
    /// A session that ended at its planned end during the run.
    case sessionEnded(id: Int64)
    /// An allowlist session was asked to block programs too: those of these lists are not blocked.
    case allowlistProgramsIgnored(lists: [String])
    /// Sessions for some users only block names without the resolver module, the one layer that answers by
    /// user, and the policy's `per_user_fallback` keeps them out of /etc/hosts: their addresses are still refused.
    case perUserNamesUnblocked(count: Int)

    /// Why names were resolved, which says what one that did not resolve means meanwhile.
    public enum ResolvePurpose: String, Sendable, Codable, CaseIterable {
        /// Blocked names, for the firewall.
        case blocking
        /// Allowlist sessions' names, for their owners' chains.
        case allowing
        /// The configured time servers' names, for the owners' chains.
        case timeServers
    }

    /// Why a list went to the resolver module only.
    public enum ResolverOnlyCause: Sendable, Equatable {
        /// It is larger than the policy's `hosts_only_above`.
        case overHostsOnlyAbove(limit: Int)
        /// The hosts section holds the machine's total (`max_hosts_names_per_machine`) already.
        case machineTotal(key: String, cap: Int)
    }
}
