import Glibc
import RefocusCore

/// The system's upstream name servers: the resolv.conf file that
/// `ResolvConf.path(whereExists:)` chooses, read and parsed.
public enum SystemNameServers {
    /// Reads /run/systemd/resolve/resolv.conf when it exists, else
    /// /etc/resolv.conf (a missing file reads as empty). Needs no privilege.
    /// Throws `SystemError` when the file cannot be read.
    public static func load() throws(SystemError) -> ResolvConf {
        let path = ResolvConf.path(whereExists: { access($0, F_OK) == 0 })
        let bytes = try FileReader.readIfPresent(path, limit: maximumSize) ?? []
        return ResolvConf(parsing: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// A cap far above any real resolv.conf.
    private static let maximumSize = 1 << 20
}
