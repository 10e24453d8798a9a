/// How a schedule's users and groups become uids at the time of
/// evaluation: for the daemon, the password and group databases
/// (`UserAccount.uid(named:)` in RefocusOS for a login name); in tests, a table.
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
