extension Note: CustomStringConvertible {
    /// The note in words, the one place they are made.
    public var text: String {
        switch self {
        case .damagedSession(let id, let reason):
            "session \(id) cannot be read from the store (\(reason)); it is skipped and kept for inspection, and "
                + "'refocus-helper clear' ends it"
        case .remark(let words):
            words
        case .chromiumRulesOverLimit(let count, let limit):
            "\(count) browser rules are over Chromium's limit of \(limit) and left to /etc/hosts and the firewall"
        case .chromiumAllowedOverLimit(let count, let limit):
            "\(count) allowed browser entries are over Chromium's limit of \(limit): Chromium blocks them; other "
                + "programs reach them"
        case .allowedRangesNotInBrowsers(let count):
            "\(count) allowed ranges wider than one address cannot be named in the browsers' policies: the browsers "
                + "block them; other programs reach them"
        case .firefoxRulesOverLimit(let count, let limit):
            "\(count) browser rules are over Firefox's limit of \(limit) WebsiteFilter entries and left to /etc/hosts "
                + "and the firewall"
        case .namesTimedOut(let count, let purpose):
            "\(count) \(purpose.names) did not resolve in time; they are \(purpose.meanwhile)"
        case .namesNotResolved(let error, let purpose):
            "addresses were not resolved (\(error)); the \(purpose.names) are \(purpose.meanwhile)"
        case .tableKeptByDaemon(let table):
            "the firewall was not changed: another process (the daemon) owns table inet \(table), which keeps what it "
                + "last applied"
        case .tableNotMade(let table, let error):
            "table inet \(table) could not be made (\(error))"
        case .fallbackRoutesInForce(let because):
            because.text + ": blocked names fail at once through unreachable routes, but addresses are not blocked"
        case .fallbackRoutesFailed(let error, let because):
            [because?.text, "the fallback routes failed (\(error))"].compactMap { $0 }.joined(separator: "; ")
        case .fallbackRoutesNotRemoved(let error):
            "the fallback routes could not be removed (\(error))"
        case .daemonNotRunning(let log):
            "the enforcer daemon is not running (see \(log)): programs are not blocked and changes to /etc/hosts or "
                + "the firewall are not repaired"
        case .daemonStuck(let reason):
            "\(reason); this run enforced the sessions itself (/etc/hosts and the session store); root can replace "
                + "the daemon: 'systemctl restart refocus' or 'refocus-helper daemon --take-over'"
        case .listInResolverOnly(let list, let domains, let cause):
            "list \(list) (\(domains) domains) is enforced through the resolver module only (every name under its "
                + "domains too; not in /etc/hosts, and its addresses are not resolved for the firewall): " + cause.text
        case .listInHostsOnly(let list, let domains, let limit):
            "list \(list) (\(domains) domains) is enforced through /etc/hosts only: it is larger than the policy's "
                + "hosts_only_above (\(limit) names), and the resolver module, which would take it, is not installed"
        case .sessionEnded(let id):
            "session \(id) ended at its planned end"
        case .allowlistProgramsIgnored(let lists):
            "an allowlist session ignores programs: those of \(lists.joined(separator: ", ")) are not blocked"
        case .perUserNamesUnblocked(let count):
            "\(count) domains blocked for some users only still resolve for them: the resolver module, the one layer "
                + "that answers by user, is not in force (refocus-helper nsswitch install), and the policy's "
                + "per_user_fallback = \"refuse\" keeps them out of /etc/hosts; their addresses are still refused"
        }
    }

    /// The note in words (`text`).
    public var description: String { text }
}

extension Note.ResolvePurpose {
    /// What the names are called in a note.
    var names: String {
        switch self {
        case .blocking: "names"
        case .allowing: "allowed names"
        case .timeServers: "time servers' names"
        }
    }

    /// What holds until the names resolve.
    var meanwhile: String {
        switch self {
        case .blocking: "blocked through /etc/hosts only"
        case .allowing: "unreachable until they resolve (asked again within 30 seconds)"
        case .timeServers: "unreachable for allowlist owners until they resolve (asked again within 30 seconds)"
        }
    }
}

extension Note.ResolverOnlyCause {
    /// Why, in words.
    var text: String {
        switch self {
        case .overHostsOnlyAbove(let limit):
            "it is larger than the policy's hosts_only_above (\(limit) names)"
        case .machineTotal(let key, let cap):
            "the /etc/hosts section holds the machine's total of names with the lists of every session "
                + "(\(key) = \(cap), shared between their owners)"
        }
    }
}
