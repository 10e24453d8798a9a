import Foundation
import Testing
import RefocusCore
import RefocusProtocol

/// Every kind of note is put into words (the words the daemon, the helper and the CLI said before notes
/// had kinds), and crosses JSON with its kind, its values and its words.
struct NoteTests {
    /// A note of `kind` with its words as they were written before notes had kinds; the switch makes the
    /// compiler check that every kind has one.
    static func sample(of kind: NoteKind) -> (note: Note, words: String) {
        let tableFailure = Note.tableNotMade(table: "refocus", error: "netlink: Protocol not supported")
        switch kind {
        case .damagedSession:
            return (
                .damagedSession(id: 7, reason: "unknown mode 'everything'"),
                "session 7 cannot be read from the "
                    + "store (unknown mode 'everything'); it is skipped and kept for inspection, and 'refocus-helper clear' ends it"
            )
        case .remark:
            return (
                .remark("removed 1 temporary file a crash left: /etc/hosts.refocus-AbC"),
                "removed 1 temporary file a crash left: /etc/hosts.refocus-AbC"
            )
        case .chromiumRulesOverLimit:
            return (
                .chromiumRulesOverLimit(count: 12, limit: 1000),
                "12 browser rules are over Chromium's limit of 1000 "
                    + "and left to /etc/hosts and the firewall"
            )
        case .chromiumAllowedOverLimit:
            return (
                .chromiumAllowedOverLimit(count: 3, limit: 1000),
                "3 allowed browser entries are over Chromium's limit "
                    + "of 1000: Chromium blocks them; other programs reach them"
            )
        case .allowedRangesNotInBrowsers:
            return (
                .allowedRangesNotInBrowsers(count: 2),
                "2 allowed ranges wider than one address cannot be named in the "
                    + "browsers' policies: the browsers block them; other programs reach them"
            )
        case .firefoxRulesOverLimit:
            return (
                .firefoxRulesOverLimit(count: 4, limit: 1000),
                "4 browser rules are over Firefox's limit of 1000 "
                    + "WebsiteFilter entries and left to /etc/hosts and the firewall"
            )
        case .namesTimedOut:
            return (
                .namesTimedOut(count: 1, purpose: .blocking),
                "1 names did not resolve in time; they are blocked through /etc/hosts only"
            )
        case .namesNotResolved:
            return (
                .namesNotResolved(error: "no name server", purpose: .timeServers),
                "addresses were not resolved "
                    + "(no name server); the time servers' names are unreachable for allowlist owners until they resolve "
                    + "(asked again within 30 seconds)"
            )
        case .tableKeptByDaemon:
            return (
                .tableKeptByDaemon(table: "refocus"),
                "the firewall was not changed: another process (the daemon) "
                    + "owns table inet refocus, which keeps what it last applied"
            )
        case .tableNotMade:
            return (tableFailure, "table inet refocus could not be made (netlink: Protocol not supported)")
        case .fallbackRoutesInForce:
            return (
                .fallbackRoutesInForce(because: tableFailure),
                "table inet refocus could not be made (netlink: "
                    + "Protocol not supported): blocked names fail at once through unreachable routes, but addresses are not blocked"
            )
        case .fallbackRoutesFailed:
            return (
                .fallbackRoutesFailed(error: "EPERM", because: tableFailure),
                "table inet refocus could not be made "
                    + "(netlink: Protocol not supported); the fallback routes failed (EPERM)"
            )
        case .fallbackRoutesNotRemoved:
            return (.fallbackRoutesNotRemoved(error: "EPERM"), "the fallback routes could not be removed (EPERM)")
        case .daemonNotRunning:
            return (
                .daemonNotRunning(log: "/var/log/refocus.log"),
                "the enforcer daemon is not running (see "
                    + "/var/log/refocus.log): programs are not blocked and changes to /etc/hosts or the firewall are not repaired"
            )
        case .daemonStuck:
            return (
                .daemonStuck(reason: "the daemon did not answer within 5 s"),
                "the daemon did not answer within 5 s; "
                    + "this run enforced the sessions itself (/etc/hosts and the session store); root can replace the daemon: "
                    + "'systemctl restart refocus' or 'refocus-helper daemon --take-over'"
            )
        case .listInResolverOnly:
            return (
                .listInResolverOnly(list: "ads", domains: 9000, cause: .overHostsOnlyAbove(limit: 5000)),
                "list ads "
                    + "(9000 domains) is enforced through the resolver module only (every name under its domains too; not in "
                    + "/etc/hosts, and its addresses are not resolved for the firewall): it is larger than the policy's "
                    + "hosts_only_above (5000 names)"
            )
        case .listInHostsOnly:
            return (
                .listInHostsOnly(list: "ads", domains: 9000, hostsOnlyAbove: 5000),
                "list ads (9000 domains) is "
                    + "enforced through /etc/hosts only: it is larger than the policy's hosts_only_above (5000 names), and the "
                    + "resolver module, which would take it, is not installed"
            )
        case .sessionEnded:
            return (.sessionEnded(id: 3), "session 3 ended at its planned end")
        case .allowlistProgramsIgnored:
            return (
                .allowlistProgramsIgnored(lists: ["work", "games"]),
                "an allowlist session ignores programs: those of work, games are not blocked"
            )
        case .perUserNamesUnblocked:
            return (
                .perUserNamesUnblocked(count: 4),
                "4 domains blocked for some users only still resolve for them: the resolver module, the one layer "
                    + "that answers by user, is not in force (refocus-helper nsswitch install), and the policy's "
                    + "per_user_fallback = \"refuse\" keeps them out of /etc/hosts; their addresses are still refused"
            )
        }
    }

    @Test(arguments: NoteKind.allCases)
    func everyKindIsPutIntoItsWordsAndCrossesJSONWhole(kind: NoteKind) throws {
        let (note, words) = Self.sample(of: kind)
        #expect(note.kind == kind)
        #expect(note.text == words)
        let data = try HelperProtocol.encoder().encode(note)
        #expect(try HelperProtocol.decoder().decode(Note.self, from: data) == note)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["kind"] as? String == kind.rawValue)
        #expect(object["text"] as? String == words, "scripts that read the words still find them")
    }

    @Test func theOtherCausesAndPurposesHaveTheirWordsToo() throws {
        let total = Note.listInResolverOnly(
            list: "ads", domains: 40, cause: .machineTotal(key: "max_hosts_names_per_machine", cap: 1000))
        #expect(
            total.text.hasSuffix(
                ": the /etc/hosts section holds the machine's total of names with the lists of every "
                    + "session (max_hosts_names_per_machine = 1000, shared between their owners)"))
        #expect(try HelperProtocol.decoder().decode(Note.self, from: HelperProtocol.encoder().encode(total)) == total)
        #expect(
            Note.namesTimedOut(count: 2, purpose: .allowing).text
                == "2 allowed names did not resolve in time; they are unreachable until they resolve (asked again within 30 seconds)"
        )
        #expect(Note.fallbackRoutesFailed(error: "EPERM", because: nil).text == "the fallback routes failed (EPERM)")
    }

    @Test func wordsOnlyAndUnknownKindsReadAsRemarks() throws {
        let json =
            #"["1 names did not resolve in time", {"kind": "fromANewerHelper", "text": "something new", "x": 1}]"#
        let notes = try HelperProtocol.decoder().decode([Note].self, from: Data(json.utf8))
        #expect(notes == [.remark("1 names did not resolve in time"), .remark("something new")])
    }
}
