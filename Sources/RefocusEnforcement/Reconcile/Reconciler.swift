import Foundation
import RefocusCore
import RefocusOS
import RefocusNetfilter
import RefocusResolver

/// `reconcile(clock)`: the one path by which enforcement changes. It closes
/// sessions whose end has passed, computes the desired enforcement of the
/// active ones (`DesiredEnforcement`, pure), and makes the system match it:
/// the /etc/hosts section, the resolver module's index (where the module
/// is in force: `resolverModule`), the Chromium-family browsers' managed
/// policies (`ChromiumPolicies`), Firefox's (`FirefoxPolicies`, merged into
/// the administrator's file), both with DoH as the policy's `browserDoh`
/// says (with `off`, even when no session runs), then table `inet refocus` with the listed
/// addresses, those the blocked names resolve to upstream, and the
/// `Sinkhole` addresses while the section is in force (no address, no
/// table), less the addresses that must never be blocked
/// (`ProtectedAddresses`: the policy's and the system's, which the caller
/// reads once and passes in). Where no table can be
/// made, the firewall falls back to unreachable routes for the sinkhole
/// (`Firewall`); that, like an open session whose row cannot be read, is a
/// note, never a failure that stops enforcement of the rest. Needs root.
/// Idempotent: a second run with nothing changed writes nothing.
/// One reconciler serves a process: it owns the `Firewall` (and so table
/// `inet refocus`, while it lives) and the `AddressCache`, kept for the
/// daemon's whole life, or for one helper run. Its caller serialises runs
/// (the helper lock, or the daemon's one thread).
public final class Reconciler {
    /// The session store.
    public let store: SessionStore
    /// The /etc/hosts section.
    public let hosts: HostsFile
    /// The resolver module's index.
    public let names: NameIndexFile
    /// The managed policy files of Chromium-family browsers.
    public let browsers: ChromiumPolicies
    /// Firefox's policy file.
    public let firefox: FirefoxPolicies
    /// Whether the resolver module is in force now (asked at every run):
    /// `ResolverModule.isInForce()` unless a test gives another answer.
    public let resolverModule: @Sendable () -> Bool
    /// The administrator's policy; the daemon replaces it on SIGHUP.
    public var policy: Policy
    /// The firewall, and the table it owns.
    public let firewall: Firewall
    /// The addresses blocked names resolved to.
    public let cache = AddressCache()
    /// The addresses allowed names resolved to, for allowlist sessions.
    public let allowedCache = AllowedAddressCache()
    /// The addresses of the configured time servers' names, which allowlist
    /// owners may ask on UDP 123 (kept like allowed names).
    public let timeServerCache = AllowedAddressCache()

    /// A reconciler over these enforcement points, with a firewall for the
    /// policy's table.
    public init(store: SessionStore, hosts: HostsFile = HostsFile(), names: NameIndexFile = NameIndexFile(),
                browsers: ChromiumPolicies = ChromiumPolicies(), firefox: FirefoxPolicies = FirefoxPolicies(), policy: Policy, resolverModule: @escaping @Sendable () -> Bool = { ResolverModule.isInForce() }) {
        self.store = store
        self.hosts = hosts
        self.names = names
        self.browsers = browsers
        self.firefox = firefox
        self.resolverModule = resolverModule
        self.policy = policy
        firewall = Firewall(tableName: policy.nftablesTable)
    }

    /// Brings the system in line with the store at `clock`, whose sessions
    /// were moved onto its wall clock as it was read (`SessionStore.rebasedClock()`),
    /// never blocking the addresses `system` needs (`SystemProtections.read()`).
    @discardableResult
    public func reconcile(clock: ClockReading, system: [ProtectedAddresses.Protection]) throws -> Report {
        let now = clock.wall
        let expired = try store.write { try $0.endExpired(now: now) }
        let (open, damaged) = try store.read { (try $0.openSessions(), try $0.damagedOpenSessions()) }
        let active = open.filter { $0.isActive(at: now) }
        let desired = DesiredEnforcement(sessions: active.filter { $0.enforces(at: now) }, policy: policy,
                                         resolverModule: resolverModule())
        let hostsActive = !desired.hostsNames.isEmpty
        let hostsOutcome = try hosts.apply(body: hostsActive ? desired.hostsBody : nil)
        let index = desired.nameIndex(policy: policy)
        let indexChanged = try names.apply(index)
        var notes = damaged.map(\.description) + hostsOutcome.notes
        let chromium = desired.chromiumPolicy(policy.browsers)
        let browserOutcome = browsers.apply(chromium)
        notes += browserOutcome.problems
        if let chromium, chromium.leftOut > 0, !browserOutcome.holding.isEmpty {
            notes.append("\(chromium.leftOut) browser rules are over Chromium's limit of \(ChromiumPolicy.maximumPatterns) "
                + "and left to /etc/hosts and the firewall")
        }
        if let chromium, chromium.allowLeftOut > 0, !browserOutcome.holding.isEmpty {
            notes.append("\(chromium.allowLeftOut) allowed browser entries are over Chromium's limit of "
                + "\(ChromiumPolicy.maximumPatterns): Chromium blocks them; other programs reach them")
        }
        if let ranges = desired.browserAllowlist(policy.browsers)?.ranges, ranges > 0 {
            notes.append("\(ranges) allowed ranges wider than one address cannot be named in the browsers' "
                + "policies: the browsers block them; other programs reach them")
        }
        let firefoxOutcome = firefox.apply(desired.firefoxPolicy(policy.browsers))
        notes += firefoxOutcome.problems
        if firefoxOutcome.leftOut > 0 {
            notes.append("\(firefoxOutcome.leftOut) browser rules are over Firefox's limit of \(FirefoxPolicy.maximumPatterns) "
                + "WebsiteFilter entries and left to /etc/hosts and the firewall")
        }
        let resolved = cache.addresses(of: desired.namesToResolve) { resolve($0, notes: &notes) }
        let protected = ProtectedAddresses(policy: policy, system: system)
        // The sinkhole is refused even where it is protected: a blocked name must never reach a listener here.
        let blocked = AddressIntervals(desired.addresses.union(resolved)).subtracting(protected.intervals)
        // The DoH endpoints are not cut by the protected addresses: refused on ports 443 and 853 only, a
        // resolver among them (8.8.8.8, say) still answers on port 53. But one the machine resolves
        // through is left out: over DNS-over-TLS, it is asked on port 853.
        let allowed = allowedTraffic(desired, clock: clock, notes: &notes)
        let resolvers = desired.dohAddresses.isEmpty ? [] : SystemNameServers.machineResolvers().map { AddressRange($0) }
        let endpoints = AddressIntervals(desired.dohAddresses).subtracting(AddressIntervals(resolvers))
        let contents = TableContents(blocked: blocked.union(AddressIntervals(hostsActive ? Sinkhole.ranges : [])),
                                     endpoints: endpoints, allowed: allowed)
        let outcome = firewall.apply(contents, sinkhole: hostsActive)
        if let problem = outcome.problem {
            notes.append(problem + (outcome.layer == .routes
                ? ": blocked names fail at once through unreachable routes, but addresses are not blocked" : ""))
        }
        return Report(expired: expired, now: now, active: active, desired: desired, hostsChanged: hostsOutcome.changed,
                      indexedNames: index?.count ?? 0, indexChanged: indexChanged,
                      browserPolicies: browserOutcome, firefoxPolicy: firefoxOutcome,
                      firewallEntries: outcome.layer == .table ? blocked.count : 0, firewallLayer: outcome.layer,
                      firewallCountersReset: outcome.countersReset, notes: notes)
    }

    /// The upstream name servers' answers for `names` (never /etc/hosts). A
    /// failure to resolve is a note, not an error: the hosts section still
    /// blocks the names.
    func resolve(_ names: [String], notes: inout [String], for purpose: ResolvePurpose = .blocking) -> [ResolvedName] {
        let domains = names.compactMap { try? DomainName(validating: $0) }
        do {
            let servers = try SystemNameServers.load().upstreamServers()
            let deadline = Duration.milliseconds(policy.resolveTimeoutMilliseconds)
            let answers = try Resolver(servers: servers, deadline: deadline).resolve(domains)
            let timedOut = answers.filter { $0.failure == .timedOut }.count
            if timedOut > 0 {
                notes.append("\(timedOut) \(purpose.names) did not resolve in time; they are \(purpose.meanwhile)")
            }
            return answers
        } catch {
            notes.append("addresses were not resolved (\(error)); the \(purpose.names) are \(purpose.meanwhile)")
            return []
        }
    }

    /// Why names are resolved, which says what a name that did not resolve means meanwhile.
    enum ResolvePurpose {
        /// Blocked names, for the firewall.
        case blocking
        /// Allowlist sessions' names, for their owners' chains.
        case allowing
        /// The configured time servers' names, for the owners' chains.
        case timeServers

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
}
