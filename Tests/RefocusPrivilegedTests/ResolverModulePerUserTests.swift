import Foundation
import RefocusCore
import RefocusPlanning
import RefocusTestSupport
import Testing

/// The resolver module's per-user entries, loaded by glibc itself in a
/// sandbox with the module named in nsswitch.conf and dnsmasq answering
/// every `.example` name with an address of its own (so the sinkhole can
/// only come from the module): an index blocking `games.example` for the
/// kid's uid only. `getent` runs as the real users, through setpriv (the
/// sudo set-up's `as_user`), made with the uids the index names.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ResolverModulePerUserTests {
    static let kid: UInt32 = 61_001, parent: UInt32 = 61_002
    static let sinkholes = "100::1 192.0.2.1 status 0"
    static let resolved = "198.51.100.20 status 0"

    @Test func aNameBlockedForOneUserAnswersTheSinkholeToThatUserAloneAndInTheirUserNamespaces() throws {
        if let reason = BuiltResolverModule.unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
        let sandbox = Sandbox(
            dns: [Sandbox.Record("example.org", "198.51.100.9")],
            dnsmasqOptions: ["--address=/example/198.51.100.20"], resolverModule: BuiltResolverModule.path)
        let index = NameIndex(
            blocking: [DomainName](), users: [Self.kid: [try DomainName(validating: "games.example")]])
        let run = try sandbox.run(
            SudoPathTests.setUp + #"""
                # WHO PREFIX… NAME: getent ahosts NAME as WHO, through the commands PREFIX (unshare…).
                lookup() {
                  local who=$1 status=0 found name
                  shift
                  name=${*: -1}
                  found=$(as_user "$who" "${@:1:$#-1}" getent ahosts "$name" | awk '{ print $1 }' | sort -u | tr '\n' ' ') || status=$?
                  echo "$who ${*:1:$#-1} $name: ${found}status $status" | tr -s ' '
                }
                for who in kid:\#(Self.kid) parent:\#(Self.parent); do
                  useradd --no-log-init --no-create-home --uid "${who#*:}" --home-dir "$WORK/home-${who%%:*}" --shell /bin/sh "${who%%:*}"
                  install -d -o "${who%%:*}" -g "${who%%:*}" -m 700 "$WORK/home-${who%%:*}"
                done
                echo "uids: $(id -u kid) $(id -u parent)"
                lookup kid games.example | sed 's/^/before: /'
                install_index "$WORK/names.idx"
                for who in kid parent; do
                  for name in games.example www.games.example other.example; do lookup "$who" "$name"; done
                  lookup "$who" unshare -r games.example
                  lookup "$who" unshare -U games.example
                  lookup "$who" unshare -r unshare -r games.example
                done
                echo "root games.example: $(getent ahosts games.example | awk '{ print $1 }' | sort -u | tr '\n' ' ')"
                # One process that looks up in the machine's namespace, then makes its own (the module remembers the uid).
                as_user kid python3 - <<'PY'
                import ctypes, os, socket
                def ask():
                    try:
                        return " ".join(sorted({a[4][0] for a in socket.getaddrinfo("games.example", None)}))
                    except OSError:
                        return "error"
                uid = os.getuid()
                print("one process, before: %s" % ask())
                assert ctypes.CDLL(None, use_errno=True).unshare(0x10000000) == 0  # CLONE_NEWUSER
                with open("/proc/self/uid_map", "w") as f:
                    f.write("0 %d 1" % uid)
                print("one process, as %d inside: %s" % (os.getuid(), ask()))
                PY
                """#, files: ["names.idx": index.bytes])
        #expect(run.status == 0, "\(run.stderr)")
        var facts = [
            "uids: \(Self.kid) \(Self.parent)", "before: kid games.example: \(Self.resolved)",
            // The kid, also in the namespaces of theirs that map them back (-r) or map no one (-U).
            "kid games.example: \(Self.sinkholes)", "kid www.games.example: \(Self.sinkholes)",
            "kid other.example: \(Self.resolved)", "kid unshare -r games.example: \(Self.sinkholes)",
            "kid unshare -U games.example: \(Self.sinkholes)",
            // The parent, whose uid no entry lists; in a namespace with no map they cannot be told from the kid.
            "parent games.example: \(Self.resolved)", "parent www.games.example: \(Self.resolved)",
            "parent unshare -r games.example: \(Self.resolved)", "parent unshare -U games.example: \(Self.sinkholes)",
            "root games.example: 198.51.100.20 ",
            // uid_map shows one level: nested, the kid is taken for the inner map's 0 (index_owner.c,
            // security.md); the table's `meta skuid` still refuses the addresses there.
            "kid unshare -r unshare -r games.example: \(Self.resolved)",
        ]
        facts.append("parent unshare -r unshare -r games.example: \(Self.resolved)")
        facts += ["one process, before: 100::1 192.0.2.1", "one process, as 0 inside: 100::1 192.0.2.1"]
        for fact in facts {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }
}
