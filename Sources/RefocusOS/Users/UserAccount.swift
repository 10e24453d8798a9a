import Glibc

/// A user's entry in the password database (`getpwuid_r`): what ReFocus
/// trusts about a user, where their environment says nothing it believes.
public struct UserAccount: Sendable, Equatable {
    /// The user id.
    public let uid: UInt32
    /// The primary group id.
    public let gid: UInt32
    /// The login name.
    public let name: String
    /// The home folder, an absolute path.
    public let home: String
    /// The login shell; `/bin/sh` when the entry names none.
    public let shell: String

    /// An entry as given; `lookup` reads the database's.
    public init(uid: UInt32, gid: UInt32, name: String, home: String, shell: String) {
        self.uid = uid
        self.gid = gid
        self.name = name
        self.home = home
        self.shell = shell
    }

    /// The uid of login name `name` (`getpwnam_r`); nil when there is no such user.
    public static func uid(named name: String) -> UInt32? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        guard getpwnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return entry.pw_uid
    }

    /// The entry of `uid`; nil when there is none, or its home is not an absolute path.
    public static func lookup(uid: UInt32) -> UserAccount? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let name = entry.pw_name, let directory = entry.pw_dir
        else { return nil }
        let home = String(cString: directory)
        guard home.hasPrefix("/") else { return nil }
        let shell = entry.pw_shell.map { String(cString: $0) } ?? ""
        return UserAccount(
            uid: uid, gid: entry.pw_gid, name: String(cString: name), home: home,
            shell: shell.isEmpty ? "/bin/sh" : shell)
    }
}
