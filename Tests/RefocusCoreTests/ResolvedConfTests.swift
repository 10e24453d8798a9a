import RefocusCore
import Testing

/// systemd-resolved's configuration as the DoH endpoint sets read it: the
/// entries of `DNS=` and `FallbackDNS=` (address, port, interface, TLS
/// name) and list settings across a main file and its drop-ins.
@Suite struct ResolvedConfTests {
    @Test(arguments: [
        ("1.1.1.1", "1.1.1.1"),
        ("1.1.1.1#cloudflare-dns.com", "1.1.1.1"),
        ("1.1.1.1:853#cloudflare-dns.com", "1.1.1.1"),
        ("8.8.8.8%eth0", "8.8.8.8"),
        ("2606:4700:4700::1111", "2606:4700:4700::1111"),
        ("2606:4700:4700::1111%eth0#one.one.one.one", "2606:4700:4700::1111"),
        ("[2606:4700:4700::1111]:853%eth0#one.one.one.one", "2606:4700:4700::1111"),
        ("[2001:4860:4860::8888]#dns.google", "2001:4860:4860::8888"),
    ])
    func anEntryGivesItsAddress(entry: String, address: String) throws {
        #expect(ResolvedServerEntry.address(of: entry) == (try IPAddress(parsing: address)))
    }

    @Test(arguments: ["", "#name", "dns.google", "[2606:4700::1111", "1.1.1.1:853:1", "300.1.1.1"])
    func anEntryWithoutAnAddressGivesNone(entry: String) {
        #expect(ResolvedServerEntry.address(of: entry) == nil)
    }

    @Test func listsAddUpAcrossFilesAndAnEmptyAssignmentEmptiesThem() {
        let main = """
            [Resolve]
            #DNS=9.9.9.9
            DNS=1.1.1.1 8.8.8.8
            FallbackDNS=1.0.0.1
            [Other]
            DNS=192.0.2.1
            """
        let dropIn = "[Resolve]\nDNS=\nDNS = 9.9.9.10#dns10.quad9.net\t8.8.4.4\n; DNS=192.0.2.2\n"
        #expect(SystemdListSetting.values(of: "DNS", section: "Resolve", in: [main]) == ["1.1.1.1", "8.8.8.8"])
        #expect(
            SystemdListSetting.values(of: "DNS", section: "Resolve", in: [main, dropIn]) == [
                "9.9.9.10#dns10.quad9.net", "8.8.4.4",
            ])
        #expect(SystemdListSetting.values(of: "FallbackDNS", section: "Resolve", in: [main, dropIn]) == ["1.0.0.1"])
        #expect(SystemdListSetting.values(of: "DNS", section: "Time", in: [main, dropIn]).isEmpty)
    }
}
