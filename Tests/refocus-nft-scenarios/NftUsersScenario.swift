import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusNftReference
import RefocusOS
import RefocusPlanning

/// `refocus-nft-scenarios users`: what is blocked for one user alone, through
/// the real layer (`TableLayer.apply` with a `DesiredEnforcement` built from
/// `targeted` lists), against real connections to the peers of a test
/// sandbox made by processes of users `ann` and `bob` (which the sandbox's
/// script creates) and of root. Prints facts for `NftUsersTests`.
///
/// Peers: `.5` is written in ann's list; `.6` is `games.test`, a name of the
/// list that the sandbox's dnsmasq answers; `.7` joins the list later. Runs
/// in the caller's network namespace, where the peers are, and so refuses
/// to run outside a sandbox, like `counters`.
enum NftUsersScenario {
    static let written = "198.51.100.5", named = "198.51.100.6", later = "198.51.100.7"

    static func run() throws {
        guard if_nametoindex("refocus-v0") != 0 else {
            throw ScenarioError.failed(
                "users runs only inside a test sandbox with peers (no interface refocus-v0 here)")
        }
        let ann = try account("ann"), bob = try account("bob")
        let layer = TableLayer(tableName: Policy.standardTableName)
        var entries = ["198.51.100.5", "games.test"]

        let first = layer.apply(try plan(for: ann.uid, entries: entries), after: [])
        NftScenarioFacts.record("first.state", "\(first.state)")
        NftScenarioFacts.record("first.count", first.count)
        probe("first", ann: ann, bob: bob)
        // Root in a user namespace of ann's own (`unshare -r`) is still ann to the table.
        let unshared = connect(to: written, as: ann, through: ["/usr/bin/unshare", "--map-root-user"])
        NftScenarioFacts.record("first.ann-unshared.written", unshared.outcome)
        let listing = try NftReference.nft(["list", "table", "inet", "refocus"])
        let skuid = listing.split(separator: "\n").filter { $0.contains("skuid") }
        NftScenarioFacts.record("listing.skuid", skuid.count)
        for line in skuid where line.contains("tcp reset") {
            NftScenarioFacts.record("listing.reset", line.trimmingCharacters(in: .whitespaces))
        }
        // What the table says it refused to each uid, read back through our own dump of its rules.
        let refusals = try layer.firewall.nftables?.refusalsByUid()
        NftScenarioFacts.record("refusals.ann", refusals?.users[ann.uid] ?? 0)
        NftScenarioFacts.record("refusals.bob", refusals?.users[bob.uid].map(String.init) ?? "absent")

        // One more address of the list: the user's set gains an element, the table is kept.
        entries.append(later)
        let grown = layer.apply(try plan(for: ann.uid, entries: entries), after: [])
        NftScenarioFacts.record("grown.countersReset", grown.countersReset)
        NftScenarioFacts.record("grown.ann.later", connect(to: later, as: ann).outcome)
        NftScenarioFacts.record("grown.bob.later", connect(to: later, as: bob).outcome)

        // The block removed: ann reaches everything again, and there is no table.
        let gone = layer.apply(try plan(for: nil, entries: entries), after: [])
        NftScenarioFacts.record("gone.state", "\(gone.state)")
        probe("gone", ann: ann, bob: bob)
        NftScenarioFacts.record("gone.table", try layer.firewall.nftables?.tableExists() ?? true)
    }

    /// Connections of ann, bob and root to the written and the named peers, recorded as `<step>.<who>.<peer>`.
    private static func probe(_ step: String, ann: Account, bob: Account) {
        for (who, account) in [("ann", Optional(ann)), ("bob", bob), ("root", nil)] {
            for (peer, address) in [("written", written), ("named", named), ("later", later)] {
                let attempt = connect(to: address, as: account)
                NftScenarioFacts.record("\(step).\(who).\(peer)", attempt.outcome)
                if who == "ann", attempt.outcome == "refused" {
                    NftScenarioFacts.record("\(step).\(who).\(peer).fast", attempt.milliseconds < 1_000)
                }
            }
        }
    }

    /// The plan of no session but `entries` targeted at `uid` alone (none: nothing targeted).
    private static func plan(for uid: UInt32?, entries: [String]) throws -> EnforcementPlan {
        let policy = Policy()
        let list = BlockList(
            name: try BlockListName("games"), entries: Set(try entries.map { try BlockEntry(parsing: $0) }))
        let targeted = uid.map { [TargetedLists(uids: [$0], lists: [list])] } ?? []
        return EnforcementPlan(
            desired: DesiredEnforcement(sessions: [], targeted: targeted, policy: policy), policy: policy,
            clock: SystemClock.read())
    }

    /// A user of the sandbox.
    struct Account {
        let uid: UInt32
        let gid: UInt32
    }

    private static func account(_ name: String) throws -> Account {
        guard let entry = getpwnam(name) else {
            throw ScenarioError.failed("users needs user \(name) (the test's script makes it)")
        }
        return Account(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
    }

    /// One TCP connection to `address` on port 8080 from a process of
    /// `account` (root without one), started with setpriv, and `through`
    /// (a command that runs the rest): `connected`, `refused`, `timeout` or
    /// `error N`, and how long it took.
    private static func connect(
        to address: String, as account: Account?, through: [String] = []
    ) -> (outcome: String, milliseconds: Int) {
        let user = account.map { ["/usr/bin/setpriv", "--reuid=\($0.uid)", "--regid=\($0.gid)", "--clear-groups"] }
        let output = try? ForegroundProcess.run(
            (user ?? []) + through + ["/usr/bin/python3", "-c", connectProgram, address], input: Data())
        let words = String(decoding: output?.standardOutput ?? Data(), as: UTF8.self).split(separator: " ")
        guard words.count == 2, let milliseconds = Int(words[1].trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            let error = String(decoding: output?.standardError ?? Data(), as: UTF8.self)
            return ("no answer: " + error.split(separator: "\n").joined(separator: " / "), 0)
        }
        return (String(words[0]), milliseconds)
    }

    private static let connectProgram = """
        import socket, sys, time
        s = socket.socket(socket.AF_INET); s.settimeout(2); start = time.monotonic()
        try:
            s.connect((sys.argv[1], 8080)); outcome = "connected"
        except ConnectionRefusedError: outcome = "refused"
        except socket.timeout: outcome = "timeout"
        except OSError as e: outcome = "error-%d" % e.errno
        print(outcome, int((time.monotonic() - start) * 1000))
        """
}
