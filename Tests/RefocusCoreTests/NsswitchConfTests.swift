import RefocusCore
import Testing
import RefocusPlanning

/// The bytes of `text` as UTF-8.
private func b(_ text: String) -> [UInt8] { Array(text.utf8) }

/// nsswitch.conf read as glibc 2.36 reads it (each row was checked with
/// `LD_DEBUG=libs getent hosts` over a bind-mounted file), the refusals of
/// `adding`, and `removing` a `refocus` that someone else put anywhere.
@Suite struct NsswitchConfTests {
    struct Reading: Sendable, CustomTestStringConvertible {
        let text: String
        let services: [String]
        var testDescription: String { String(reflecting: text) }
    }

    static let readings: [Reading] = [
        Reading(text: "", services: ["files", "dns"]),
        Reading(text: "passwd: files\n", services: ["files", "dns"]),
        Reading(text: "hosts: files mymod dns", services: ["files", "dns"]),
        Reading(text: "hosts: files mymod dns\n", services: ["files", "mymod", "dns"]),
        Reading(
            text: "hosts: files mymod dns # comment here\n",
            services: ["files", "mymod", "dns", "#", "comment", "here"]),
        Reading(text: "HOSTS: files mymod dns\n", services: ["files", "dns"]),
        Reading(text: "hosts: files aaa\nhosts: files bbb\n", services: ["files", "bbb"]),
        Reading(text: "hosts: files kkk\nhosts:\n", services: []),
        Reading(text: "hosts files ccc\n", services: ["files", "ccc"]),
        Reading(text: "  hosts :: files ddd\n", services: ["files", "ddd"]),
        Reading(text: "#hosts: files eee\n", services: ["files", "dns"]),
        Reading(text: "hosts: files fff#x ggg\n", services: ["files", "fff#x", "ggg"]),
        Reading(text: "hosts: files hhh\r\n", services: ["files", "hhh"]),
        Reading(text: "hosts:files iii[NOTFOUND=return]jjj\n", services: ["files", "iii", "jjj"]),
        Reading(text: "hosts: files [SUCCESS = return ] b2\n", services: ["files", "b2"]),
        Reading(text: "hosts: files [ !notfound=RETURN]ccc\n", services: ["files", "ccc"]),
        Reading(text: "hosts: files [SUCCESS=return] [TRYAGAIN=return] b7\n", services: ["files"]),
        Reading(text: "hosts: [SUCCESS=return] b10\n", services: []),
        Reading(text: "hosts: files [SUCCESS] b8\n", services: []),
        Reading(text: "hosts: files [SUCCESS=return\n", services: []),
        Reading(text: "passwd: files [BAD=x]\nhosts: files mymod\n", services: []),
        Reading(text: "hosts: files mymod\ngroup_compat: nis [NOTFOUND=bad]\n", services: []),
        Reading(text: "sudoers: files [BAD]\nhosts: ggg\n", services: ["ggg"]),
        Reading(text: "hosts: ddd\u{0}eee fff\n", services: ["ddd"]),
        Reading(text: "hosts\n", services: []),
        Reading(text: "hosts:\u{0}\n", services: []),
    ]

    @Test(arguments: readings)
    func hostsServicesAreWhatGlibcConsults(reading: Reading) {
        #expect(NsswitchConf(bytes: b(reading.text)).hostsServices == reading.services)
    }

    @Test func theHostsLineIsTheLastOneGlibcReads() {
        #expect(NsswitchConf(bytes: b("# x\nhosts: files\npasswd: files\nhosts: dns\n")).hostsLineNumber == 4)
        #expect(NsswitchConf(bytes: b("hosts: files\nhosts: dns")).hostsLineNumber == 1)
        #expect(NsswitchConf(bytes: b("passwd: files\n")).hostsLineNumber == nil)
    }

    @Test func refocusCountsOnlyBeforeTheResolvers() {
        #expect(NsswitchConf(bytes: b("hosts: files refocus dns\n")).consultsServiceBeforeResolvers)
        #expect(NsswitchConf(bytes: b("hosts: refocus\n")).consultsServiceBeforeResolvers)
        #expect(!NsswitchConf(bytes: b("hosts: files dns refocus\n")).consultsServiceBeforeResolvers)
        #expect(
            !NsswitchConf(bytes: b("hosts: files resolve [!UNAVAIL=return] refocus dns\n"))
                .consultsServiceBeforeResolvers)
        #expect(!NsswitchConf(bytes: b("hosts: files refocus dns")).consultsServiceBeforeResolvers, "never read")
        #expect(!NsswitchConf(bytes: b("hosts: files refocus dns\npasswd: x [y=z]\n")).consultsServiceBeforeResolvers)
    }

    @Test func aFileGlibcCannotReadIsRefusedWithItsLineAndColumn() {
        #expect(
            throws: NsswitchConfError.unreadable(line: 2, column: 24, reason: "an unknown status in an action block")
        ) {
            try NsswitchConf(bytes: b("hosts: files dns\npasswd: files systemd [BAD=return]\n")).adding()
        }
        #expect(
            throws: NsswitchConfError.unreadable(line: 1, column: 33, reason: "an action block without its closing ']'")
        ) {
            try NsswitchConf(bytes: b("hosts: files [NOTFOUND=return   \n")).adding()
        }
        #expect(
            throws: NsswitchConfError.unreadable(line: 1, column: 24, reason: "a status without '=' in an action block")
        ) {
            try NsswitchConf(bytes: b("hosts: files [NOTFOUND return] dns\n")).adding()
        }
        #expect(
            throws: NsswitchConfError.unreadable(line: 1, column: 24, reason: "an unknown action in an action block")
        ) {
            try NsswitchConf(bytes: b("hosts: files [NOTFOUND=stop] dns\n")).adding()
        }
    }

    @Test func aHostsLineGlibcStopsReadingIsRefused() throws {
        #expect(throws: NsswitchConfError.cutShort(line: 1, column: 32)) {
            try NsswitchConf(bytes: b("hosts: files [NOTFOUND=return] [UNAVAIL=return] dns\n")).adding()
        }
        // A stop inside the comment is the comment's business.
        let commented = NsswitchConf(bytes: b("hosts: files dns #[SUCCESS=return] [see above]\n"))
        #expect(try commented.adding().bytes == b("hosts: files refocus dns #[SUCCESS=return] [see above]\n"))
        // But glibc reads a bracket after a word of a comment as that word's action block.
        #expect(
            throws: NsswitchConfError.unreadable(line: 1, column: 25, reason: "an unknown status in an action block")
        ) {
            try NsswitchConf(bytes: b("hosts: files dns # see [bug 12]\n")).adding()
        }
    }

    @Test func damagedMarkersAreRefusedAndRemovedWhole() throws {
        let stray = b("hosts: files dns\n# BEGIN refocus\nhosts: files refocus dns\n")
        #expect(throws: NsswitchConfError.damagedSection(.beginWithoutEnd(line: 2, name: "refocus"))) {
            try NsswitchConf(bytes: stray).adding()
        }
        #expect(NsswitchConf(bytes: stray).removing().bytes == b("hosts: files dns\n"))
        let error = NsswitchConfError.damagedSection(.endWithoutBegin(line: 3, name: "refocus"))
        #expect(error.description.hasPrefix("line 3: '# END refocus' has no matching '# BEGIN refocus'"))
        #expect(error.category == .data)
    }

    struct Removal: Sendable, CustomTestStringConvertible {
        let before: String
        let after: String
        var testDescription: String { String(reflecting: before) }
    }

    static let removals: [Removal] = [
        Removal(before: "hosts: refocus files dns\n", after: "hosts: files dns\n"),
        Removal(before: "hosts: files dns refocus\n", after: "hosts: files dns\n"),
        Removal(before: "hosts: files refocus [NOTFOUND=return] dns\n", after: "hosts: files dns\n"),
        Removal(before: "hosts: files dns refocus [!UNAVAIL=return]\n", after: "hosts: files dns\n"),
        Removal(before: "hosts: files refocus refocus dns refocus\n", after: "hosts: files dns\n"),
        Removal(before: "hosts:refocus\n", after: "hosts:\n"),
        Removal(before: "hosts:refocus #files\n", after: "hosts:#files\n"),
        Removal(before: "hosts: files dns # refocus\n", after: "hosts: files dns # refocus\n"),
        Removal(before: "hosts: files\nhosts: refocus dns\n", after: "hosts: files\nhosts: dns\n"),
        Removal(before: "hosts: files refocus dns", after: "hosts: files dns"),
        Removal(
            before: "passwd: refocus files\n#hosts: refocus dns\n",
            after: "passwd: refocus files\n#hosts: refocus dns\n"),
        Removal(before: "hosts: files refocusx dns\n", after: "hosts: files refocusx dns\n"),
        Removal(
            before: "hosts: files dns\n# BEGIN refocus\nhosts: files refocus dns\n# END refocus",
            after: "hosts: files dns"),
    ]

    @Test(arguments: removals)
    func removingTakesRefocusFromEveryHostsLine(removal: Removal) {
        #expect(
            String(decoding: NsswitchConf(bytes: b(removal.before)).removing().bytes, as: UTF8.self) == removal.after)
    }
}
