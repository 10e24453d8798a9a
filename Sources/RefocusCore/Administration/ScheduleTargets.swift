/// How a schedule's users and groups become uids at the time of
/// evaluation: the password and group databases for the daemon
/// (`UserAccount.uid(named:)` and the group's members in RefocusOS), a
/// table in tests.
public struct ScheduleTargets: Sendable {
    /// The uid of a login name; nil when there is no such user (yet).
    public let uid: @Sendable (String) -> UInt32?
    /// The uids of a group's members; empty when there is no such group.
    public let members: @Sendable (String) -> [UInt32]

    /// Targets looked up through `uid` and `members`.
    public init(
        uid: @escaping @Sendable (String) -> UInt32?, members: @escaping @Sendable (String) -> [UInt32]
    ) {
        self.uid = uid
        self.members = members
    }
}
