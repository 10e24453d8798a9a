/// Which names in the administrator's folders under /etc/refocus are not
/// read at all: hidden files, editors' backups and the package manager's
/// leftovers, so that `games.domains~` or `school.toml.dpkg-old` is never
/// taken for the real file.
enum AdministratorFolderNames {
    /// Whether `name` is passed over: it starts with `.`, ends with `~`, or holds `.dpkg-`.
    static func isPassedOver(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.contains(".dpkg-")
    }
}
