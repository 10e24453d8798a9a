import Glibc

/// The members of a group in the group and password databases: the users
/// it lists (`getgrnam_r`) and the users whose primary group it is (a walk
/// of the password database, which the group's list leaves out), as uids.
public enum GroupMembers {
    /// The most users a walk of the password database reads: a directory
    /// of millions is not walked at every reconcile.
    public static let maximumWalked = 65_536

    /// The uids of group `name`'s members, ascending, each once; empty
    /// when there is no such group.
    public static func uids(of name: String) -> [UInt32] {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 64 << 10)
        guard getgrnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return [] }
        var uids = Set<UInt32>()
        var member = entry.gr_mem
        while let pointer = member, let login = pointer.pointee {
            if let uid = UserAccount.uid(named: String(cString: login)) { uids.insert(uid) }
            member = pointer + 1
        }
        uids.formUnion(primaryMembers(gid: entry.gr_gid))
        return uids.sorted()
    }

    /// The users whose primary group is `gid`.
    private static func primaryMembers(gid: UInt32) -> [UInt32] {
        var uids: [UInt32] = []
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        setpwent()
        defer { endpwent() }
        for _ in 0..<maximumWalked {
            guard getpwent_r(&entry, &buffer, buffer.count, &result) == 0, result != nil else { break }
            if entry.pw_gid == gid { uids.append(entry.pw_uid) }
        }
        return uids
    }
}
