/// The upstream name servers listed in a resolv.conf file (resolv.conf(5)),
/// for the resolver that must ask them directly instead of the system's
/// resolver, which reads /etc/hosts.
///
/// Only `nameserver` lines count; other keywords (`search`, `options`, …)
/// are ignored. A line whose first non-blank character is `#` or `;` is a
/// comment, and so is anything after the address. The systemd-resolved stubs
/// (127.0.0.53, 127.0.0.54) are skipped: they answer from /etc/hosts too.
/// A `nameserver` line without a usable address is not an error but an
/// `ignored` note, so one bad line does not stop resolution (glibc skips such
/// lines too); front ends print the notes as warnings.
public struct ResolvConf: Sendable, Equatable {
    /// The file systemd-resolved writes with the real upstream servers.
    public static let systemdUpstreamPath = "/run/systemd/resolve/resolv.conf"
    /// The system's resolver configuration.
    public static let standardPath = "/etc/resolv.conf"
    /// The local stub listeners of systemd-resolved, which answer from /etc/hosts.
    public static let resolvedStubs: Set<IPAddress> = [.v4(0x7F00_0035), .v4(0x7F00_0036)]

    /// The file the text came from, for messages.
    public let path: String
    /// The upstream servers in file order, without duplicates or stubs.
    public let servers: [IPAddress]
    /// The systemd-resolved stubs that were listed and skipped.
    public let skippedStubs: [IPAddress]
    /// The `nameserver` lines that were ignored, with the reason.
    public let ignored: [IgnoredLine]

    /// A `nameserver` line that gave no server.
    public struct IgnoredLine: Sendable, Equatable, CustomStringConvertible {
        /// The file the line is in.
        public let path: String
        /// The line's number, from 1.
        public let number: Int
        /// Why it was ignored.
        public let reason: String

        /// `/etc/resolv.conf line 3: ignored: …`.
        public var description: String { "\(path) line \(number): ignored: \(reason)" }
    }

    /// The file to read: `systemdUpstreamPath` when `exists` says it is
    /// there (systemd-resolved runs and lists the upstreams in it), else
    /// `standardPath`.
    public static func path(whereExists exists: (String) -> Bool) -> String {
        exists(systemdUpstreamPath) ? systemdUpstreamPath : standardPath
    }

    /// Parses the text of the resolv.conf file at `path`; never fails, see
    /// `ignored` and `upstreamServers()`.
    public init(parsing text: String, path: String) {
        self.path = path
        var servers: [IPAddress] = []
        var stubs: [IPAddress] = []
        var ignored: [IgnoredLine] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard words.first == "nameserver" else { continue }
            let note = { (reason: String) in ignored.append(IgnoredLine(path: path, number: index + 1, reason: reason))
            }
            guard words.count > 1, let text = words.dropFirst().first, !Self.isComment(text) else {
                note("'nameserver' without an address; write 'nameserver ADDRESS'")
                continue
            }
            let address: IPAddress
            do {
                address = try IPAddress(parsing: text)
            } catch {
                note(error.description)
                continue
            }
            if Self.resolvedStubs.contains(address) {
                if !stubs.contains(address) { stubs.append(address) }
            } else if !servers.contains(address) {
                servers.append(address)
            }
        }
        self.servers = servers
        skippedStubs = stubs
        self.ignored = ignored
    }

    /// The servers to ask; throws `NameServerError.noServers` when none remains.
    public func upstreamServers() throws(NameServerError) -> [IPAddress] {
        guard !servers.isEmpty else { throw .noServers(path: path, skippedStubs: skippedStubs) }
        return servers
    }

    private static func isComment(_ word: Substring) -> Bool {
        word.first == "#" || word.first == ";"
    }
}
