/// Test support: users' crontabs as people write them, which adding and
/// removing schedules must keep byte for byte. Each is one that Debian's
/// `crontab -` installs (it refuses a last line without a newline only
/// when that line is a command).
public enum CrontabCorpus {
    /// One crontab: a name for the test and its bytes (empty: no crontab at all).
    public struct Crontab: Sendable, CustomStringConvertible {
        public let name: String
        public let bytes: [UInt8]
        public var description: String { name }

        /// Whether its lines end with CRLF (the first line's terminator decides).
        public var usesCRLF: Bool {
            guard let lineFeed = bytes.firstIndex(of: 0x0A) else { return false }
            return lineFeed > 0 && bytes[lineFeed - 1] == 0x0D
        }
    }

    static func c(_ name: String, _ text: String) -> Crontab { Crontab(name: name, bytes: Array(text.utf8)) }

    public static let all: [Crontab] = [
        c("none", ""),
        c(
            "environment, MAILTO and percent signs",
            """
            # m h  dom mon dow   command
            SHELL=/bin/bash
            PATH=/usr/local/bin:/usr/bin:/bin
            MAILTO=ann@example.com
            FOOBAR = " spaced value "
            0 22 * * 1-5\tmail -s "It's 10pm" ann%Ann,%%Where are your kids?%
            33 22 * * *     expr $(date +\\%s) / 60 / 60 / 24 \\% 9 > /dev/null || echo Wax the floor.
            @reboot sleep 60 && ~/bin/sync-notes

            """),
        c(
            "comments, blank lines and tabs",
            "\n# backups\n\t# indented comment\n\n15 3 * * * tar czf /tmp/home.tgz ~ \n\n"),
        c("no final newline after a comment", "MAILTO=\"\"\n*/5 * * * * ~/bin/poll\n# the end"),
        c("CRLF line ends", "MAILTO=ann\r\n# edited on Windows\r\n0 9 * * * echo morning\r\n"),
        c("a literal backslash-r in a command", "0 9 * * * printf 'a\\rb\\bc' > /tmp/x\n"),
        c("another tool's section", "# BEGIN other-tool\n0 1 * * * other --run\n# END other-tool\n"),
        Crontab(
            name: "bytes that are not UTF-8 in a comment",
            bytes: Array("# caf".utf8) + [0xE9] + Array(" cr\u{e8}me\n0 8 * * * true\n".utf8)),
        c("a backspace in a comment", "# hidden\u{8}\u{8}text\n0 8 * * * true\n"),
    ]
}
