import RefocusCore

/// The bytes of /etc/nsswitch.conf, read as glibc reads them, and ReFocus's
/// one edit of it: the service `refocus` (the resolver module,
/// `libnss_refocus.so.2`) on the hosts line, before `dns` and `resolve`.
///
/// How glibc 2.33 and later reads the file (nss/nss_database.c,
/// nss/nss_action_parse.c; the details are in `NsswitchLine`):
///
/// - Lines end at `\n`. A last line without one is never read
///   (`nss_database_reload_1` stops at end of file before handing the line
///   on): a file whose hosts line has no final newline has no hosts line.
/// - Database names are case-sensitive (`HOSTS:` is ignored); when several
///   lines name `hosts`, the last one read counts (each replaces the one
///   before).
/// - Without a hosts line, hosts is `files dns`, glibc's built-in default
///   since 2.33 (`nss_database_default_dns`; before, it was `dns
///   [!UNAVAIL=return] files`).
/// - There are no comments: a line starting with `#` names a database
///   glibc does not know, and `# words` after the services are services
///   that fail to load. ReFocus never edits past a `#` on the hosts line,
///   as older glibc (which cut lines at `#`) and people read it.
/// - One malformed action block on any known database's line makes glibc
///   load no configuration: every lookup fails.
///
/// Everything is bytes, so every byte ReFocus does not add is kept: other
/// lines, comments, tabs, `\r\n` line ends, trailing spaces, a missing
/// final newline, bytes that are not UTF-8.
public struct NsswitchConf: Sendable, Equatable {
    /// The file's bytes.
    public let bytes: [UInt8]

    /// The file `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The service that names the resolver module: glibc loads `libnss_refocus.so.2` for it.
    public static let service = "refocus"
    /// What glibc consults for hosts when no line names the database (glibc 2.33 and later).
    public static let defaultHostsServices = ["files", "dns"]
    /// The resolvers `refocus` goes before, so that it answers for blocked names first.
    public static let resolvers: Set<String> = ["dns", "resolve"]

    /// The services glibc consults for hosts, in order: those of the last
    /// hosts line it reads (a `# comment` after them included, since glibc
    /// reads it as services), `defaultHostsServices` when there is none, or
    /// none at all when a malformed line keeps glibc from loading the file.
    public var hostsServices: [String] {
        guard failure == nil else { return [] }
        guard let hosts = effectiveHostsLine else { return Self.defaultHostsServices }
        return hosts.parsed.services.map { String(decoding: bytes[$0.name], as: UTF8.self) }
    }

    /// Whether glibc consults `refocus` for hosts before any `dns` or `resolve`.
    public var consultsServiceBeforeResolvers: Bool {
        let services = hostsServices
        guard let index = services.firstIndex(of: Self.service) else { return false }
        return !services[..<index].contains { Self.resolvers.contains($0) }
    }

    /// The 1-based number of the hosts line glibc uses, or nil when it uses its default.
    public var hostsLineNumber: Int? { effectiveHostsLine?.line.number }

    /// A line glibc reads and the database it names.
    struct DatabaseLine {
        let line: ByteLine
        let parsed: NsswitchLine
    }

    /// Every line that names a database, in order; with `unterminated`,
    /// also a last line without `\n`, which glibc never reads.
    func databaseLines(unterminated: Bool = false) -> [DatabaseLine] {
        ByteLines(bytes).compactMap { line in
            let terminated = line.next > line.contentEnd
            guard terminated || unterminated,
                let parsed = NsswitchLine(bytes, in: line.start..<line.contentEnd, terminated: terminated)
            else { return nil }
            return DatabaseLine(line: line, parsed: parsed)
        }
    }

    /// Whether `line` names the hosts database.
    func isHosts(_ line: NsswitchLine) -> Bool {
        bytes[line.database].elementsEqual("hosts".utf8)
    }

    /// The hosts line glibc uses: the last one it reads.
    var effectiveHostsLine: DatabaseLine? {
        databaseLines().last { isHosts($0.parsed) }
    }

    /// The first line of a database glibc knows whose services it cannot
    /// read, which keeps it from loading the file at all.
    var failure: (line: DatabaseLine, failure: NsswitchLine.Failure)? {
        for line in databaseLines() where NsswitchLine.knownDatabases.contains(Array(bytes[line.parsed.database])) {
            if let failure = line.parsed.failure { return (line, failure) }
        }
        return nil
    }
}
