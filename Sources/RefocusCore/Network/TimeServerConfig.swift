/// The time servers of an NTP daemon's configuration: chrony's
/// (chrony.conf, conf.d/*.conf, sources.d/*.sources) and ntpd's or
/// ntpsec's (ntp.conf): the second word of every `server`, `pool` and
/// `peer` line, a name or an address. Lines starting with `#`, `!` or `;`
/// are comments. Pure parsing: never fails, other lines are skipped.
public enum TimeServerConfig {
    /// The directives that name a time server.
    static let directives: Set<Substring> = ["server", "pool", "peer"]

    /// The servers named in `text`, in order, without duplicates.
    public static func servers(in text: String) -> [String] {
        var servers: [String] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count > 1, directives.contains(words[0]) else { continue }
            let server = String(words[1])
            if !servers.contains(server) { servers.append(server) }
        }
        return servers
    }

    /// What systemd-timesyncd uses when nothing is configured: Debian builds
    /// it with these as its `FallbackNTP=` (timesyncd.conf's commented
    /// default), and Debian's chrony.conf names `pool 2.debian.pool.ntp.org`.
    public static let distributionDefaults = [
        "0.debian.pool.ntp.org", "1.debian.pool.ntp.org",
        "2.debian.pool.ntp.org", "3.debian.pool.ntp.org",
    ]
}
