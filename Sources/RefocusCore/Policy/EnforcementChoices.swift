/// The administrator's choices of enforcement layers that are on unless
/// turned off (`block_doh_endpoints`, `exec_permission` in policy.toml).
public struct EnforcementChoices: Sendable, Equatable {
    /// Whether sessions that block sites refuse the well-known
    /// DNS-over-HTTPS endpoints (`DoHEndpoints`) by name and on ports 443
    /// and 853 of their addresses (`block_doh_endpoints`).
    public var blockDoHEndpoints: Bool
    /// Whether sessions that block programs refuse them before they run,
    /// through fanotify's exec permission events (`exec_permission`); when
    /// off, they are killed at exec (the process connector).
    public var refuseExecs: Bool

    /// The choices; the defaults are the policy's.
    public init(blockDoHEndpoints: Bool = true, refuseExecs: Bool = true) {
        self.blockDoHEndpoints = blockDoHEndpoints
        self.refuseExecs = refuseExecs
    }
}
