import RefocusCore
import Testing
import RefocusPlanning

/// The bytes of `text` as UTF-8.
private func b(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A real-looking /etc/nsswitch.conf and what adding `refocus` makes of it.
struct NsswitchCase: Sendable, CustomTestStringConvertible {
    let label: String
    let bytes: [UInt8]
    /// The bytes after `adding()`, when the case pins them.
    let added: [UInt8]?
    /// glibc's hosts services after `adding()`.
    let services: [String]
    var testDescription: String { label }
}

/// Adding and removing the service over a corpus of files: removing gives
/// back every byte, adding twice changes nothing the second time, and glibc
/// then consults `refocus` right before the first resolver.
@Suite struct NsswitchConfCorpusTests {
    static let debian = """
        # /etc/nsswitch.conf
        #
        # Example configuration of GNU Name Service Switch functionality.

        passwd:         files systemd
        group:          files systemd
        shadow:         files systemd
        gshadow:        files systemd

        hosts:          files mdns4_minimal [NOTFOUND=return] dns myhostname
        networks:       files

        protocols:      db files
        services:       db files
        ethers:         db files
        rpc:            db files

        netgroup:       nis

        """

    static let corpus: [NsswitchCase] = [
        NsswitchCase(
            label: "Debian default", bytes: b(debian),
            added: b(debian.replacingOccurrences(of: "[NOTFOUND=return] dns", with: "[NOTFOUND=return] refocus dns")),
            services: ["files", "mdns4_minimal", "refocus", "dns", "myhostname"]),
        NsswitchCase(
            label: "Ubuntu with resolve [!UNAVAIL=return]",
            bytes: b(
                "passwd: files systemd\nhosts: files mdns4_minimal [NOTFOUND=return] resolve [!UNAVAIL=return] dns myhostname\n"
            ),
            added: b(
                "passwd: files systemd\nhosts: files mdns4_minimal [NOTFOUND=return] refocus resolve [!UNAVAIL=return] dns myhostname\n"
            ),
            services: ["files", "mdns4_minimal", "refocus", "resolve", "dns", "myhostname"]),
        NsswitchCase(
            label: "Fedora-like", bytes: b("hosts:      files myhostname resolve [!UNAVAIL=return] dns\n"),
            added: b("hosts:      files myhostname refocus resolve [!UNAVAIL=return] dns\n"),
            services: ["files", "myhostname", "refocus", "resolve", "dns"]),
        NsswitchCase(
            label: "tabs", bytes: b("passwd:\tcompat\nhosts:\t\tfiles\tdns\n"),
            added: b("passwd:\tcompat\nhosts:\t\tfiles\trefocus dns\n"), services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "commented hosts lines are left alone",
            bytes: b("# hosts: files dns\n#hosts: files dns\nhosts: files dns\n# hosts: files dns\n"),
            added: b("# hosts: files dns\n#hosts: files dns\nhosts: files refocus dns\n# hosts: files dns\n"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "trailing comment, no resolver", bytes: b("hosts: files mymachines # dns was here\n"),
            added: b("hosts: files mymachines refocus # dns was here\n"),
            services: ["files", "mymachines", "refocus", "#", "dns", "was", "here"]),
        NsswitchCase(
            label: "trailing comment after dns", bytes: b("hosts: files dns  # the usual\n"),
            added: b("hosts: files refocus dns  # the usual\n"),
            services: ["files", "refocus", "dns", "#", "the", "usual"]),
        NsswitchCase(
            label: "refocus only in a comment", bytes: b("hosts: files dns # refocus\n"),
            added: b("hosts: files refocus dns # refocus\n"), services: ["files", "refocus", "dns", "#", "refocus"]),
        NsswitchCase(
            label: "no resolver, trailing spaces", bytes: b("hosts: files myhostname   \n"),
            added: b("hosts: files myhostname refocus   \n"), services: ["files", "myhostname", "refocus"]),
        NsswitchCase(
            label: "no resolver, action block last", bytes: b("hosts: files mdns [NOTFOUND=return]\n"),
            added: b("hosts: files mdns [NOTFOUND=return] refocus\n"), services: ["files", "mdns", "refocus"]),
        NsswitchCase(
            label: "no space after the colon", bytes: b("hosts:files dns\n"), added: b("hosts:files refocus dns\n"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "no colon at all", bytes: b("hosts files dns\n"), added: b("hosts files refocus dns\n"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "an empty hosts line", bytes: b("hosts:\n"), added: b("hosts: refocus\n"), services: ["refocus"]),
        NsswitchCase(
            label: "CRLF", bytes: b("passwd: files\r\nhosts: files dns\r\n"),
            added: b("passwd: files\r\nhosts: files refocus dns\r\n"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "two hosts lines: the last counts", bytes: b("hosts: files dns\nhosts: files resolve\n"),
            added: b("hosts: files dns\nhosts: files refocus resolve\n"), services: ["files", "refocus", "resolve"]),
        NsswitchCase(
            label: "uppercase is no hosts line (strcmp)", bytes: b("HOSTS: files dns\n"),
            added: b("HOSTS: files dns\n# BEGIN refocus\nhosts: files refocus dns\n# END refocus\n"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "no final newline: glibc never reads the hosts line",
            bytes: b("passwd: files\nhosts: files mdns dns"),
            added: b("passwd: files\nhosts: files mdns dns\n# BEGIN refocus\nhosts: files refocus dns\n# END refocus"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "no final newline after the hosts line", bytes: b("hosts: files dns\nnetgroup: nis"),
            added: b("hosts: files refocus dns\nnetgroup: nis"), services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "empty file", bytes: [], added: b("# BEGIN refocus\nhosts: files refocus dns\n# END refocus\n"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "no hosts line, CRLF", bytes: b("passwd: files\r\n"),
            added: b("passwd: files\r\n# BEGIN refocus\r\nhosts: files refocus dns\r\n# END refocus\r\n"),
            services: ["files", "refocus", "dns"]),
        NsswitchCase(
            label: "bytes that are not UTF-8", bytes: b("# caf") + [0xE9] + b("\nhosts: files dns\n"),
            added: b("# caf") + [0xE9] + b("\nhosts: files refocus dns\n"), services: ["files", "refocus", "dns"]),
        // Found by fuzzing: ` refocus` ran into the `#`, and glibc read the one service `refocus#files`.
        NsswitchCase(
            label: "a comment right after the colon", bytes: b("hosts:#files dns\n"),
            added: b("hosts:refocus #files dns\n"), services: ["refocus", "#files", "dns"]),
        NsswitchCase(
            label: "a comment right after an action block", bytes: b("hosts: files [NOTFOUND=return]#mdns\n"),
            added: b("hosts: files [NOTFOUND=return]refocus #mdns\n"), services: ["files", "refocus", "#mdns"]),
    ]

    @Test(arguments: corpus)
    func addingThenRemovingGivesBackEveryByte(file: NsswitchCase) throws {
        let original = NsswitchConf(bytes: file.bytes)
        let added = try original.adding()
        if let expected = file.added {
            #expect(String(decoding: added.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            #expect(added.bytes == expected)
        }
        #expect(added.removing().bytes == file.bytes)
        #expect(try added.adding() == added, "adding twice changes nothing the second time")
        #expect(added.hostsServices == file.services)
        #expect(added.consultsServiceBeforeResolvers)
    }

    @Test(arguments: corpus)
    func refocusComesRightBeforeTheFirstResolverOrLast(file: NsswitchCase) throws {
        let services = try NsswitchConf(bytes: file.bytes).adding().hostsServices.prefix { !$0.hasPrefix("#") }
        let index = try #require(services.firstIndex(of: "refocus"))
        let resolver = services.firstIndex { NsswitchConf.resolvers.contains($0) }
        #expect(index == (resolver ?? services.count) - 1, "\(services)")
    }

    @Test func aFileThatAlreadyNamesRefocusIsLeftAsItIs() throws {
        for text in [
            "hosts: files refocus mdns dns\n", "hosts: files dns refocus\n", "hosts: refocus [NOTFOUND=return] dns\n",
        ] {
            let conf = NsswitchConf(bytes: b(text))
            #expect(try conf.adding() == conf, "\(text)")
        }
    }
}
