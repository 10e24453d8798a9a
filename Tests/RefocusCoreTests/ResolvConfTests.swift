import Testing
@testable import RefocusCore

@Suite struct ResolvConfTests {
    @Test(arguments: [
        ("nameserver 192.0.2.53\n", ["192.0.2.53"]),
        ("nameserver 192.0.2.53", ["192.0.2.53"]),
        ("nameserver 2001:db8::53\nnameserver 192.0.2.53\n", ["2001:db8::53", "192.0.2.53"]),
        ("  nameserver\t192.0.2.53  \r\n", ["192.0.2.53"]),
        ("nameserver 192.0.2.53 # the router\n", ["192.0.2.53"]),
        ("nameserver 192.0.2.53 ; the router\n", ["192.0.2.53"]),
        ("# nameserver 192.0.2.1\n; nameserver 192.0.2.2\nnameserver 192.0.2.3\n", ["192.0.2.3"]),
        ("search example.com\noptions edns0 trust-ad\ndomain example.com\nnameserver 192.0.2.53\n", ["192.0.2.53"]),
        ("nameserver 192.0.2.53\nnameserver 192.0.2.53\n", ["192.0.2.53"]),
        ("nameserver 127.0.0.53\nnameserver 127.0.0.54\nnameserver 127.0.0.1\n", ["127.0.0.1"]),
        ("nameservers 192.0.2.1\n#\n\n", []),
        ("", []),
    ])
    func servers(_ text: String, expected: [String]) {
        let parsed = ResolvConf(parsing: text, path: "/etc/resolv.conf")
        #expect(parsed.servers.map(\.description) == expected)
        #expect(parsed.ignored.isEmpty)
    }

    @Test(arguments: [
        ("nameserver\n", "'nameserver' without an address"),
        ("nameserver # nothing\n", "'nameserver' without an address"),
        ("nameserver dns.example\n", "dns.example"),
        ("nameserver 192.0.2.300\n", "192.0.2.300"),
        ("nameserver fe80::1%eth0\n", "zone id"),
        ("nameserver 192.0.2.0/24\n", "192.0.2.0/24"),
    ])
    func badLinesAreIgnoredAndNamed(_ line: String, reason: String) {
        let parsed = ResolvConf(parsing: "# head\n" + line + "nameserver 192.0.2.53\n", path: "/etc/resolv.conf")
        #expect(parsed.servers == [.v4(0xC000_0235)])
        #expect(parsed.ignored.map(\.number) == [2])
        let note = parsed.ignored.first?.description ?? ""
        #expect(note.hasPrefix("/etc/resolv.conf line 2: ignored: "), "\(note)")
        #expect(note.contains(reason), "\(note)")
    }

    @Test func onlyStubsIsAnErrorThatSaysWhatToDo() throws {
        let parsed = ResolvConf(parsing: "nameserver 127.0.0.53\noptions edns0\n", path: "/etc/resolv.conf")
        #expect(parsed.skippedStubs == [.v4(0x7F00_0035)])
        #expect(throws: NameServerError.noServers(path: "/etc/resolv.conf", skippedStubs: [.v4(0x7F00_0035)])) {
            try parsed.upstreamServers()
        }
        let message = NameServerError.noServers(path: "/etc/resolv.conf", skippedStubs: parsed.skippedStubs).description
        #expect(message.contains("127.0.0.53") && message.contains(ResolvConf.systemdUpstreamPath))
        #expect(NameServerError.noServers(path: "/etc/resolv.conf", skippedStubs: []).category == .configuration)
    }

    @Test func emptyFileIsAnError() {
        let parsed = ResolvConf(parsing: "", path: "/etc/resolv.conf")
        #expect(throws: NameServerError.self) { try parsed.upstreamServers() }
        #expect(
            NameServerError.noServers(path: "/etc/resolv.conf", skippedStubs: []).description
                == "no name server in /etc/resolv.conf; add a 'nameserver ADDRESS' line for your network's DNS server")
    }

    @Test(arguments: [(true, ResolvConf.systemdUpstreamPath), (false, ResolvConf.standardPath)])
    func choosesSystemdUpstreamsWhenPresent(_ present: Bool, expected: String) {
        let path = ResolvConf.path(whereExists: { $0 == ResolvConf.systemdUpstreamPath && present })
        #expect(path == expected)
    }
}
