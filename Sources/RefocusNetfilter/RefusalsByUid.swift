/// The packets table `inet refocus` refused per uid since it was last
/// replaced (`Nftables.refusalsByUid()`): those of allowlist owners, and
/// those of users blocked for them alone by the administrator's schedules
/// (or, under `user_sessions = "owner"`, their own sessions).
public struct RefusalsByUid: Equatable, Sendable {
    /// Packets each allowlist owner sent that their chain refused.
    public var allowlistOwners: [UInt32: UInt64] = [:]
    /// Packets each user sent that the rules for them alone refused.
    public var users: [UInt32: UInt64] = [:]

    /// Nothing refused.
    public init() {}
}
