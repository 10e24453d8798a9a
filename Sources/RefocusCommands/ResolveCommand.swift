import ArgumentParser
import Glibc
import RefocusCore
import RefocusOS
import RefocusDNS

/// `refocus resolve NAME…`: the addresses the firewall would block for names,
/// found by asking the upstream name servers directly.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show the addresses the firewall blocks for names.",
        discussion: """
            Asks the upstream name servers directly, bypassing /etc/hosts: during a \
            session ReFocus maps blocked names to 0.0.0.0 there, and the systemd-resolved \
            stub (127.0.0.53) reads it too, so ordinary tools no longer show the real \
            addresses. The servers come from /run/systemd/resolve/resolv.conf when \
            systemd-resolved runs, else from /etc/resolv.conf; the stubs 127.0.0.53 and \
            127.0.0.54 are skipped. Answers of 0.0.0.0, :: or loopback are left out: they \
            are never blocked. Needs no root.

            \(ExitStatus.helpLine(for: .refocus, [.usage],
                                  notes: [.success: "every name was answered, even with 'no such domain'",
                                          .dataError: "a name that is not a domain",
                                          .busy: "a name timed out or a server failed; its addresses may be incomplete",
                                          .configuration: "no name servers"]))

            Examples:
              refocus resolve reddit.com www.reddit.com
              refocus resolve --timeout 5 --json youtube.com | jq -r '.names[].ipv4[]'
              refocus list show social --domains | refocus resolve -
            """)

    @Argument(
        help: ArgumentHelp(
            "Domain names or URLs (the host is kept: https://x.com/a asks for x.com);"
                + " - reads more, one per line, from stdin.",
            valueName: "name"),
        completion: .custom(ResolveCommand.completeDomains))
    var names: [String]

    @Flag(
        help: ArgumentHelp(
            "Print JSON for scripts: {source, servers, names: [{name, ipv4, ipv6, ttl, failure, reason}]} "
                + "(ttl: the shortest time to live of the answers, in seconds)."))
    var json = false

    @Option(
        help: ArgumentHelp(
            "How long to wait for all answers, in seconds (more than 0, at most 60).",
            valueName: "seconds"),
        completion: .list(["1", "2", "5", "10"]))
    var timeout: Double = 2

    func validate() throws {
        if names.isEmpty { throw ValidationError("give at least one domain name, such as reddit.com") }
        guard timeout > 0, timeout <= 60 else {
            throw ValidationError("--timeout must be more than 0 and at most 60 seconds, such as --timeout 5")
        }
    }

    func run() throws {
        let domains = try parsedNames()
        let configuration = try SystemNameServers.load()
        configuration.ignored.forEach { Console.error($0.description) }
        let servers = try configuration.upstreamServers()
        let deadline = Duration.milliseconds(Int64((timeout * 1000).rounded(.up)))
        let results = try DNSClient(servers: servers, deadline: deadline).resolve(domains)
        if json {
            try Console.json(
                Report(
                    source: configuration.path, servers: servers.map(\.description),
                    names: results.map(Row.init)))
        } else {
            printTable(results, configuration: configuration, servers: servers)
        }
        let incomplete = results.filter { $0.failure == .timedOut || $0.failure == .serverFailure }
        if !incomplete.isEmpty {
            throw ResolveError.incomplete(count: incomplete.count, total: results.count, source: configuration.path)
        }
    }

    /// The names as domains, with those read from stdin for `-`; every
    /// invalid name or address is printed and `ResolveError.invalidNames` thrown.
    private func parsedNames() throws -> [DomainName] {
        var problems: [String] = []
        var entries: [BlockEntry] = []
        for text in names {
            if text == "-" {
                entries += try namesFromStandardInput()
                continue
            }
            do { entries.append(try BlockEntry(parsing: text)) } catch { problems.append("\(error)") }
        }
        for entry in entries where entry.domain == nil {
            problems.append(
                entry.browserPath == nil
                    ? "\(entry) is an address, not a name: the firewall blocks it as it is"
                    : "\(entry) is a path, blocked in browsers only: give its host to resolve")
        }
        guard problems.isEmpty else {
            problems.forEach { Console.error($0) }
            throw ResolveError.invalidNames(count: problems.count)
        }
        return entries.compactMap(\.domain)
    }

    /// The entries of stdin, one per line as in a list file (`#` comments).
    private func namesFromStandardInput() throws -> [BlockEntry] {
        let bytes = try FileReader.readAll(STDIN_FILENO, path: "standard input")
        let text = try ListText<BlockEntry>(parsing: String(decoding: bytes, as: UTF8.self), source: "standard input")
        return text.lines.compactMap(\.item)
    }

    private func printTable(_ results: [ResolvedName], configuration: ResolvConf, servers: [IPAddress]) {
        print("# asked \(servers.map(\.description).joined(separator: " ")) (from \(configuration.path))")
        let width = results.map(\.name.ascii.count).max() ?? 0
        for result in results {
            var columns = result.addresses.map(\.description)
            if let failure = result.failure {
                columns.append(
                    (columns.isEmpty ? "" : "(incomplete: ") + Row.reason(failure, result)
                        + (columns.isEmpty ? "" : ")"))
            }
            print(result.name.ascii.padding(width), columns.joined(separator: " "))
        }
    }

    /// The JSON document.
    struct Report: Encodable {
        let source: String
        let servers: [String]
        let names: [Row]
    }

    /// One name in the JSON document; `ttl` only with addresses, `failure` and `reason` only when it failed.
    struct Row: Encodable {
        let name: String
        let ipv4: [String]
        let ipv6: [String]
        let ttl: UInt32?
        let failure: LookupFailure?
        let reason: String?

        init(_ result: ResolvedName) {
            name = result.name.ascii
            ipv4 = result.ipv4.map(\.description)
            ipv6 = result.ipv6.map(\.description)
            ttl = result.ttl
            failure = result.failure
            reason = result.failure.map { Self.reason($0, result) }
        }

        /// The failure's explanation, with the server's words when it failed.
        static func reason(_ failure: LookupFailure, _ result: ResolvedName) -> String {
            guard failure == .serverFailure, let detail = result.serverReason else { return failure.explanation }
            return failure.explanation + ": " + detail
        }
    }

    /// Completion candidates: the domains of every list that start with what is typed.
    @Sendable static func completeDomains(_: [String], _: Int, _ prefix: String) -> [String] {
        guard let store = try? UserLists.store(), let lists = try? store.names() else { return [] }
        let domains = lists.flatMap { (try? store.load($0.name).list.entries.compactMap(\.domain)) ?? [] }
        return Set(domains.map(\.ascii).filter { $0.hasPrefix(prefix) }).sorted()
    }
}

/// Why `refocus resolve` failed or is incomplete.
enum ResolveError: RefocusError, Equatable {
    /// Some names on the command line were invalid (printed before); nothing was asked.
    case invalidNames(count: Int)
    /// Some names timed out or met a server failure; the rest was printed.
    case incomplete(count: Int, total: Int, source: String)

    var category: ErrorCategory {
        switch self {
        case .invalidNames: .data
        case .incomplete: .busy
        }
    }

    var description: String {
        switch self {
        case let .invalidNames(count):
            "nothing was resolved: \(count == 1 ? "1 name is" : "\(count) names are") invalid (see above)"
        case let .incomplete(count, total, source):
            "\(count) of \(total) names have no complete answer (timed out or the server failed);"
                + " try again with a longer --timeout, or check the name servers in \(source)"
        }
    }
}
