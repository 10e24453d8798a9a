import RefocusCore

extension SystemNameServers {
    /// Every address this machine resolves names through, whichever way:
    /// the name servers of /etc/resolv.conf and of systemd-resolved's
    /// /run/systemd/resolve/resolv.conf (the global and per-link servers it
    /// uses now), and systemd-resolved's `DNS=` and `FallbackDNS=`
    /// (resolved.conf and its drop-ins), whatever their port: over
    /// DNS-over-TLS (`DNSOverTLS=yes`) they are asked on port 853. Needs no
    /// privilege; what cannot be read is left out.
    public static func machineResolvers() -> Set<IPAddress> {
        var addresses = Set<IPAddress>()
        for path in [ResolvConf.standardPath, ResolvConf.systemdUpstreamPath] {
            guard let text = SystemdConfigFiles.text(path) else { continue }
            addresses.formUnion(ResolvConf(parsing: text, path: path).servers)
        }
        let resolved = SystemdConfigFiles.texts(of: "resolved")
        for key in ["DNS", "FallbackDNS"] {
            let entries = SystemdListSetting.values(of: key, section: "Resolve", in: resolved)
            addresses.formUnion(entries.compactMap(ResolvedServerEntry.address(of:)))
        }
        return addresses
    }
}
