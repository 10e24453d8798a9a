/// One entry of systemd-resolved's `DNS=` or `FallbackDNS=` (resolved.conf(5)):
/// `ADDRESS[%INTERFACE][#NAME]`, or with a port `IPV4:PORT` and
/// `[IPV6]:PORT`, as in `1.1.1.1#cloudflare-dns.com` or
/// `[2606:4700:4700::1111]:853%eth0#one.one.one.one`. Only the address is
/// kept: whatever the port, the machine resolves through that address.
public enum ResolvedServerEntry {
    /// The address of `entry`; nil when it names none.
    public static func address(of entry: some StringProtocol) -> IPAddress? {
        var text = Substring(entry)
        if let name = text.firstIndex(of: "#") { text = text[..<name] }
        if text.first == "[" {
            guard let close = text.firstIndex(of: "]") else { return nil }
            text = text[text.index(after: text.startIndex)..<close]
        } else {
            if let interface = text.firstIndex(of: "%") { text = text[..<interface] }
            // One colon: IPv4 with a port. More: an IPv6 address without brackets (no port then).
            if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") { text = text[..<colon] }
        }
        if let interface = text.firstIndex(of: "%") { text = text[..<interface] }
        return try? IPAddress(parsing: text)
    }
}
