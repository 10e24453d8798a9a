import RefocusCore

extension ScheduleTargets {
    /// The machine's: login names through the password database, groups
    /// through the group database and the users whose primary group they are.
    public static let system = ScheduleTargets(
        uid: { UserAccount.uid(named: $0) }, members: { GroupMembers.uids(of: $0) })
}
