import RefocusCore
import RefocusOS

/// Finds the IPv4 and IPv6 addresses of domain names by asking upstream name
/// servers directly through c-ares, bypassing /etc/hosts and the local
/// systemd-resolved stub (which reads /etc/hosts too): ReFocus rewrites
/// /etc/hosts, so the system's own resolver would answer 0.0.0.0.
///
/// Every name's A and AAAA queries run concurrently, at most `maxInFlight`
/// at a time (fewer while the server loses queries: `InFlightLimit` starts
/// at the default, grows with answers and halves on a loss), under one
/// overall deadline: what has no answer by then is
/// reported as timed out, and `resolve` returns within the deadline plus a
/// few milliseconds. Needs no privilege; sends UDP (and TCP for truncated
/// answers) to port 53 of `servers`.
public struct DNSClient: Sendable {
    /// The default overall deadline: 2 seconds.
    public static let defaultDeadline: Duration = .seconds(2)
    /// The default number of queries in flight at once, and where a larger
    /// `maxInFlight` starts: low enough for a home router's forwarder
    /// (dnsmasq forwards at most 150 at once) and well below where a local
    /// dnsmasq starts dropping queries (256 sent at once lost some, which then
    /// waited for a retry), and as fast as 128 against it (`refocus-bench resolve`).
    public static let defaultMaxInFlight = 64

    /// The servers asked, in order of preference.
    public let servers: [IPAddress]
    /// The time the whole `resolve` call may take.
    public let deadline: Duration
    /// The most queries sent and not yet answered at any moment: a ceiling
    /// reached as answers come, from `defaultMaxInFlight` when it is larger.
    public let maxInFlight: Int

    /// A resolver asking `servers` (non-empty; see `ResolvConf.upstreamServers`);
    /// a `maxInFlight` below 1 counts as 1.
    public init(servers: [IPAddress], deadline: Duration = defaultDeadline, maxInFlight: Int = defaultMaxInFlight) {
        self.servers = servers
        self.deadline = deadline
        self.maxInFlight = max(1, maxInFlight)
    }

    /// The addresses of each of `names`, in the order given, duplicates
    /// removed. A name that fails (NXDOMAIN, no data, timeout, server
    /// failure) carries its `failure`; only a resolver that cannot run at
    /// all throws.
    public func resolve(_ names: [DomainName]) throws(DNSClientError) -> [ResolvedName] {
        var seen = Set<DomainName>()
        let batch = LookupBatch(
            names: names.filter { seen.insert($0).inserted },
            limit: InFlightLimit(ceiling: maxInFlight, start: Self.defaultMaxInFlight), lossAfter: attemptTimeout)
        guard !batch.names.isEmpty else { return [] }
        let clock = ContinuousClock()
        let end = clock.now + deadline
        let channel = try AresChannel(servers: servers, attemptTimeout: attemptTimeout, tries: Self.tries)
        while !batch.isComplete {
            while batch.mayStartAnother, let query = batch.startNext(at: clock.now) {
                channel.query(batch.names[query.index].ascii, query.type) { batch.record($0, for: query) }
            }
            let left = end - clock.now
            guard left > .zero else {
                channel.cancelAll()
                break
            }
            try channel.waitAndProcess(upTo: left)
        }
        return batch.results()
    }

    /// Sends per query, over the servers in turn.
    private static let tries = 4

    /// The first wait for an answer before c-ares retries: a quarter of the
    /// deadline, so that a lost packet is retried at least once, and between
    /// 50 ms and 1 s.
    private var attemptTimeout: Duration {
        min(max(deadline / 4, .milliseconds(50)), .seconds(1))
    }
}
