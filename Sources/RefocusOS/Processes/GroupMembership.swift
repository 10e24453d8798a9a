import Glibc

/// Whether this process's user belongs to a group: in the group database,
/// and in this process's own groups, which a login fixes when it starts (so
/// a user added to a group later is not in it until the next login).
public enum GroupMembership: Equatable, Sendable {
    /// The group does not exist.
    case noSuchGroup
    /// The user is not a member.
    case notMember
    /// A member in the group database, but not in this login's groups.
    case notInThisLogin
    /// This process has the group.
    case member

    /// The membership of this process's real user in `group`.
    public static func of(group name: String) -> GroupMembership {
        guard let entry = getgrnam(name) else { return .noSuchGroup }
        let gid = entry.pointee.gr_gid
        if getgid() == gid || processGroups().contains(gid) { return .member }
        guard let user = getpwuid(getuid()) else { return .notMember }
        return databaseGroups(of: user.pointee.pw_name, primary: user.pointee.pw_gid).contains(gid)
            ? .notInThisLogin : .notMember
    }

    private static func processGroups() -> [gid_t] {
        let count = getgroups(0, nil)
        guard count > 0 else { return [] }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return filled > 0 ? Array(groups.prefix(Int(filled))) : []
    }

    private static func databaseGroups(of user: UnsafePointer<CChar>, primary: gid_t) -> [gid_t] {
        var count: Int32 = 64
        while true {
            var groups = [gid_t](repeating: 0, count: Int(count))
            var wanted = count
            if getgrouplist(user, primary, &groups, &wanted) >= 0 { return Array(groups.prefix(Int(wanted))) }
            guard wanted > count else { return [] }
            count = wanted
        }
    }
}
