import Testing
import RefocusCore

/// The bytes of `text` as UTF-8.
private func b(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A real-looking /etc/hosts file and where its refocus section is.
struct HostsFile: Sendable, CustomTestStringConvertible {
    let label: String
    let bytes: [UInt8]
    /// The expected BEGIN line, or nil when the file has no refocus section.
    let beginLine: Int?
    var testDescription: String { label }
}

@Suite struct ManagedSectionCorpusTests {
    static let corpus: [HostsFile] = [
        HostsFile(
            label: "Debian default",
            bytes: b(
                """
                127.0.0.1\tlocalhost
                127.0.1.1\tdebian

                # The following lines are desirable for IPv6 capable hosts
                ::1     localhost ip6-localhost ip6-loopback
                ff02::1 ip6-allnodes
                ff02::2 ip6-allrouters

                """), beginLine: nil),
        HostsFile(
            label: "Ubuntu with IPv6 block",
            bytes: b(
                """
                127.0.0.1 localhost
                127.0.1.1 ubuntu-laptop

                # The following lines are desirable for IPv6 capable hosts
                ::1     ip6-localhost ip6-loopback
                fe00::0 ip6-localnet
                ff00::0 ip6-mcastprefix
                ff02::1 ip6-allnodes
                ff02::2 ip6-allrouters

                """), beginLine: nil),
        HostsFile(
            label: "Docker-added lines",
            bytes: b(
                """
                127.0.0.1\tlocalhost
                ::1\tlocalhost
                # Added by Docker Desktop
                192.168.65.2 host.docker.internal
                # To allow the same kube context to work on the host and the container:
                127.0.0.1 kubernetes.docker.internal
                # End of section

                """), beginLine: nil),
        HostsFile(
            label: "CRLF from Windows",
            bytes: b(
                "# Copyright (c) 1993-2009 Microsoft Corp.\r\n#\r\n# This is a sample HOSTS file used by Microsoft TCP/IP.\r\n"
                    + "\r\n# localhost name resolution is handled within DNS itself.\r\n#\t127.0.0.1       localhost\r\n"
                    + "#\t::1             localhost\r\n127.0.0.1       localhost\r\n"), beginLine: nil),
        HostsFile(
            label: "Latin-1 comment bytes",
            bytes: b("# H") + [0xF4] + b("tes de d") + [0xE9]
                + b("veloppement\n127.0.0.1 localhost\n192.168.1.10 caf") + [0xE9] + b(".lan caf\n"), beginLine: nil),
        HostsFile(
            label: "no final newline", bytes: b("127.0.0.1 localhost\n::1 localhost ip6-localhost"), beginLine: nil),
        HostsFile(
            label: "existing refocus section",
            bytes: b(
                """
                127.0.0.1 localhost
                ::1 localhost
                # BEGIN refocus
                0.0.0.0 example.com
                :: example.com
                0.0.0.0 www.example.com
                # END refocus
                192.168.1.5 nas.lan

                """), beginLine: 3),
        HostsFile(
            label: "another tool's markers",
            bytes: b(
                """
                127.0.0.1 localhost
                # BEGIN gas-mask
                0.0.0.0 ads.example.net
                # END gas-mask
                # BEGIN refocus
                # BEGIN other
                0.0.0.0 news.example
                # END other
                # END refocus

                """), beginLine: 5),
        HostsFile(
            label: "tabs and trailing spaces",
            bytes: b(
                "127.0.0.1\tlocalhost   \n\t# local names\t\n  # BEGIN refocus  \n0.0.0.0\tx.example \n"
                    + "\t# END refocus\t\n\n\n10.0.0.1\trouter  "), beginLine: 3),
        HostsFile(
            label: "CRLF with section and Latin-1",
            bytes: b("# r") + [0xE9]
                + b(
                    "seau\r\n127.0.0.1 localhost\r\n"
                        + "# BEGIN refocus\r\n0.0.0.0 example.org\r\n# END refocus\r\n"), beginLine: 3),
    ]

    @Test(arguments: corpus)
    func renderOfParseIsIdentity(file: HostsFile) throws {
        let section = try ManagedSection(name: "refocus")
        let split = try section.split(file.bytes)
        #expect(split.original == file.bytes)
        #expect(split.beginLine == file.beginLine)
        if let body = split.body {
            #expect(try split.replacingBody(with: SectionBody(lines: body)) == file.bytes)
        }
    }

    @Test(arguments: corpus)
    func newBodyChangesOnlyTheSection(file: HostsFile) throws {
        let section = try ManagedSection(name: "refocus")
        let split = try section.split(file.bytes)
        let changed = try split.replacingBody(with: SectionBody(lines: ["0.0.0.0 new.example"]))
        #expect(changed != file.bytes)
        let reread = try section.split(changed)
        #expect(reread.body == ["0.0.0.0 new.example"])
        #expect(try reread.replacingBody(with: split.body.map(SectionBody.init(lines:))) == file.bytes)
    }

    // Speed is measured in refocus-bench (hosts), not asserted here.
    @Test func largeInputKeepsEveryByte() throws {
        let line = b("0.0.0.0 some-tracker.example.com # blocked by another tool\n")
        var text: [UInt8] = []
        text.reserveCapacity(10_500_000)
        while text.count < 5_000_000 { text += line }
        text += b("# BEGIN refocus\n0.0.0.0 example.com\n# END refocus\n")
        while text.count < 10_000_000 { text += line }
        let section = try ManagedSection(name: "refocus")
        let split = try section.split(text)
        let rendered = try split.replacingBody(with: SectionBody(lines: ["0.0.0.0 a.example", "0.0.0.0 b.example"]))
        #expect(try section.split(rendered).replacingBody(with: split.body.map(SectionBody.init(lines:))) == text)
        let grown = b("0.0.0.0 a.example\n0.0.0.0 b.example\n").count - b("0.0.0.0 example.com\n").count
        #expect(rendered.count == text.count + grown)
    }
}
