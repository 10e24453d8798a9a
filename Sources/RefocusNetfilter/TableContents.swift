import RefocusCore

/// Everything table `inet refocus` holds, as one value: the blocked
/// addresses, those blocked for some users only (`meta skuid`), the
/// DNS-over-HTTPS endpoints refused on ports 443 and 853
/// only, what each allowlist owner may reach, and the traffic of open
/// daily allowances' sites, metered (`MeteredTraffic`). `Nftables.apply`
/// makes the table hold exactly this (nothing: no table); the firewall keeps the
/// value it last applied and compares it whole, so an unchanged table costs
/// no batch.
public struct TableContents: Sendable, Equatable {
    /// The addresses and ranges refused on every port.
    public var blocked: AddressIntervals
    /// The addresses and ranges refused on every port to one user's sockets
    /// only, per uid; a user with none has no entry.
    public var userBlocked: [UInt32: AddressIntervals]
    /// The DNS-over-HTTPS endpoints' addresses, refused on ports 443 and 853 only.
    public var endpoints: AddressIntervals
    /// What each allowlist owner may reach, and the name servers they may ask.
    public var allowed: AllowedTraffic
    /// The open daily allowances' sites, in owner and list order.
    public var metered: [MeteredTraffic]
    /// How often the metered traffic of one allowance is logged at most, in
    /// seconds (the policy's `allowance_site_step`).
    public var meterStep: UInt32

    /// Nothing: no table.
    public static let empty = TableContents()

    /// A table of `blocked`, `userBlocked` (users without addresses left
    /// out), `endpoints`, `allowed` and `metered`; each is empty unless given.
    public init(
        blocked: AddressIntervals = .empty, userBlocked: [UInt32: AddressIntervals] = [:],
        endpoints: AddressIntervals = .empty, allowed: AllowedTraffic = .none,
        metered: [MeteredTraffic] = [], meterStep: UInt32 = 60
    ) {
        self.userBlocked = userBlocked.filter { !$0.value.isEmpty }
        self.metered = metered.filter { !$0.addresses.isEmpty }.sorted { ($0.owner, $0.list) < ($1.owner, $1.list) }
        self.meterStep = meterStep
        self.blocked = blocked
        self.endpoints = endpoints
        self.allowed = allowed
    }

    /// Whether the table would hold nothing (then there is no table).
    public var isEmpty: Bool {
        blocked.isEmpty && userBlocked.isEmpty && endpoints.isEmpty && allowed.isEmpty && metered.isEmpty
    }
}
