import Foundation
import RefocusTestSupport
import Testing

/// `refocus-helper fleet pull` against a real bare repository, with real
/// ssh signing keys and git's own verification, in two sandboxes (each its
/// own /etc, /var/lib/refocus, helper and daemon): both apply the same
/// signed commit (the policy's cap refuses a longer session, the files are
/// in place root:root 0644); then commits the allowed key did not sign,
/// and commits that hold a 1 GB file, a link, a path outside the managed
/// ones or a policy that does not read, are each refused whole, the last
/// good state kept, and `fleet status` says why. A member through the real
/// sudo rule is refused.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct FleetPullTests {
    /// A bare repository with one commit signed by the allowed key, the keys, and the allowed-signers
    /// file, made in a folder of their own.
    static func makeRepository() throws -> String {
        let base = NSTemporaryDirectory() + "refocus-fleet-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o755)
        let script =
            Self.git + #"""
                cd "$BASE"
                ssh-keygen -q -t ed25519 -N '' -C admin -f allowed.key
                ssh-keygen -q -t ed25519 -N '' -C other -f other.key
                printf 'admin@fleet namespaces="git" %s\n' "$(cat allowed.key.pub)" > signers
                git init -q --bare -b main fleet.git
                git init -q -b main work
                cd work
                mkdir lists schedules.d
                printf 'max_session = "1h"\n' > policy.toml
                printf 'games.test\n' > lists/games.domains
                printf 'supertuxkart\n' > lists/games.programs
                printf '# an example schedule\n' > schedules.d/kids.toml
                commit allowed.key "the fleet's first policy"
                git rev-parse HEAD > ../good
                """#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "set -e\nBASE='\(base)'\n" + script]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(said)")
        return base
    }

    /// `commit KEY MESSAGE`: commits everything in the work tree (signed with `$BASE/KEY`, or unsigned for
    /// `none`) and pushes it to the bare repository's main.
    static let git = #"""
        export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
        commit() {
          git add -A
          if [ "$1" = none ]; then sign=""; else sign="-S"; fi
          git -c user.name=Admin -c user.email=admin@example.org -c gpg.format=ssh \
            -c user.signingkey="$BASE/$1" commit -q --allow-empty $sign -m "$2"
          git push -q --force "$BASE/fleet.git" HEAD:main
        }

        """#

    /// Points the sandbox at the repository and pulls once.
    static func setUp(_ base: String) -> String {
        MemberProbeSetUp.script + git + """
            BASE='\(base)'
            mkdir -p /etc/refocus
            printf 'remote = "%s"\\nallowed_signers = "/etc/refocus/fleet-allowed-signers"\\n' "$BASE/fleet.git" \\
              > /etc/refocus/fleet.toml
            cp "$BASE/signers" /etc/refocus/fleet-allowed-signers
            chmod 0644 /etc/refocus/fleet.toml /etc/refocus/fleet-allowed-signers
            printf 'max_session = "24h"\\n' > /etc/refocus/policy.toml
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
            "$BIN/refocus" list add focus social.test > /dev/null
            pull() { status=0; "$BIN/refocus-helper" fleet pull > "$WORK/pulled" 2> "$WORK/pull-errors" || status=$?; }
            began=$(date +%s%N); pull; ended=$(date +%s%N)
            echo "first pull: $status"; cat "$WORK/pulled" "$WORK/pull-errors"
            echo "first pull took $(( (ended - began) / 1000000 )) ms"
            in_force() {
              "$BIN/refocus-helper" fleet status --json \\
                | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["inForce"]["commit"], r["lastPull"]["outcome"])'
            }
            echo "in force: $(in_force)"
            echo "policy: $(cat /etc/refocus/policy.toml)"
            stat -Lc '%U:%G %a %n' /etc/refocus/policy.toml /etc/refocus/lists/games.domains \\
              /etc/refocus/lists/games.programs /etc/refocus/schedules.d/kids.toml
            echo "kept: $(cat /etc/refocus/policy.toml.before-fleet)"
            status=0; "$BIN/refocus" start --list focus 2h > /dev/null 2> "$WORK/start" || status=$?
            echo "start 2h: $status $(cat "$WORK/start")"

            """
    }

    /// What both sandboxes must show after their first pull of `good`.
    static func expectApplied(_ run: Binary.Run, good: String) {
        #expect(run.status == 0, "\(run.stderr)")
        // The daemon took the reload (an older one answers "unknown command", which the pull notes).
        #expect(
            !run.stdout.contains("fleet: the daemon") && !run.stdout.contains("fleet: no enforcer daemon"),
            "\(run.stdout)")
        for fact in [
            "first pull: 0\nfleet: applied commit \(good.prefix(12)), signed by admin@fleet with ED25519 key SHA256:",
            "in force: \(good) applied\n", "policy: max_session = \"1h\"\n",
            "root:root 644 /etc/refocus/policy.toml\n", "root:root 644 /etc/refocus/lists/games.domains\n",
            "root:root 644 /etc/refocus/lists/games.programs\n", "root:root 644 /etc/refocus/schedules.d/kids.toml\n",
            "kept: max_session = \"24h\"\n", "start 2h: 65 refocus: 2h is longer than the maximum session of 1h;",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }

    @Test func twoSandboxesApplyTheSameSignedCommitAndRefuseForgedOnes() throws {
        let base = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let good = try String(contentsOfFile: base + "/good", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let first = try Sandbox().run(Self.setUp(base))
        Self.expectApplied(first, good: good)
        let second = try Sandbox().run(
            Self.setUp(base) + #"""
                began=$(date +%s%N); pull; ended=$(date +%s%N)
                echo "again: $status $(cat "$WORK/pulled")"
                echo "a pull with nothing new took $(( (ended - began) / 1000000 )) ms"
                status=0; as_user ann sudo -n "$B/refocus-helper" fleet pull > /dev/null 2> "$WORK/member" || status=$?
                echo "member pull: $status $(cat "$WORK/member")"
                status=0; as_user ann sudo -n "$B/refocus-helper" fleet status > /dev/null 2>&1 || status=$?
                echo "member status: $status"
                cd "$BASE/work"
                # refused COMMAND...: the pull refuses the new tip; the policy in force and the commit stay.
                refused() {
                  pull; echo "$1: $status $(cat "$WORK/pull-errors")"
                  echo "$1 kept: $(cat /etc/refocus/policy.toml) $(in_force)"
                  "$BIN/refocus-helper" fleet status | grep '^last pull: refused' | sed "s/^/$1 status: /"
                }
                printf 'max_session = "48h"\n' > policy.toml
                commit none "unsigned"; refused unsigned
                commit other.key "signed by another key"; refused other-key
                git reset -q --hard HEAD~2
                truncate -s 1G lists/huge.domains; commit allowed.key "a 1 GB list"; refused huge
                git rm -q lists/huge.domains; ln -s /etc/shadow lists/shadow.domains
                commit allowed.key "a link"; refused link
                git rm -q lists/shadow.domains; mkdir -p etc; echo 'evil:x:0:0::/:/bin/sh' > etc/passwd
                commit allowed.key "a path outside"; refused outside
                git rm -q -r etc; printf 'x\n' > lists/.hidden.domains
                commit allowed.key "a hidden name"; refused hidden
                git rm -q lists/.hidden.domains; printf 'max_session = 12\n' > policy.toml
                commit allowed.key "a policy that does not read"; refused policy
                ls /etc/refocus/fleet | grep -c '^g-' | sed 's/^/generations: /'
                # fleet.toml and the signers must be root's alone.
                chown ann /etc/refocus/fleet.toml; pull; echo "ann's fleet.toml: $status $(cat "$WORK/pull-errors")"
                chown root /etc/refocus/fleet.toml; chmod 0666 /etc/refocus/fleet-allowed-signers
                pull; echo "writable signers: $status $(cat "$WORK/pull-errors")"
                chmod 0644 /etc/refocus/fleet-allowed-signers
                # A local repository root does not own: git will not read it (safe.directory), whatever it holds.
                git clone -q --bare "$BASE/fleet.git" "$WORK/ann.git"; chown -R ann: "$WORK/ann.git"
                sed -i "s|^remote = .*|remote = \"$WORK/ann.git\"|" /etc/refocus/fleet.toml
                pull; echo "not root's: $status $(cat "$WORK/pull-errors")"
                echo "not root's kept: $(cat /etc/refocus/policy.toml)"
                """#)
        Self.expectApplied(second, good: good)
        // The pulls' times, for the record (the figures are not checked).
        for line in (first.stdout + second.stdout).split(separator: "\n") where line.contains(" took ") { print(line) }
        #expect(
            second.stdout.contains("again: 0 fleet: commit \(good.prefix(12)) is already in force\n"),
            "\(second.stdout)")
        let kept = "max_session = \"1h\" \(good) refused\n"
        for fact in [
            "member pull: 77 refocus-helper: only root itself runs fleet pull", "member status: 77",
            "unsigned: 65 refocus-helper: commit ",
            "is not signed by a key of the allowed signers: "
                + "the commit carries no ssh signature",
            "other-key: 65 ", "No principal matched",
            "huge: 65 refocus-helper: 'lists/huge.domains' is 1073741824 bytes, over its cap of 8388608",
            "link: 65 refocus-helper: 'lists/shadow.domains' is not a plain file (mode 120000",
            "outside: 65 refocus-helper: the commit holds 'etc/passwd', which a fleet may not write",
            "hidden: 65 refocus-helper: the commit holds 'lists/.hidden.domains'",
            "policy: 65 refocus-helper: policy.toml does not read: ", "generations: 1\n",
            "ann's fleet.toml: 78 refocus-helper: /etc/refocus/fleet.toml is not trusted: it is owned by uid ",
            "writable signers: 78 refocus-helper: /etc/refocus/fleet-allowed-signers is not trusted: its mode 666 "
                + "lets others than root write it; make it a plain file owned by root",
            "not root's: 71 refocus-helper: cannot fetch branch main of ", "detected dubious ownership in repository",
            "not root's kept: max_session = \"1h\"\n",
        ] {
            #expect(second.stdout.contains(fact), "\(fact): \(second.stdout)")
        }
        for name in ["unsigned", "other-key", "huge", "link", "outside", "hidden", "policy"] {
            #expect(second.stdout.contains("\(name) kept: \(kept)"), "\(name): \(second.stdout)")
            #expect(second.stdout.contains("\(name) status: last pull: refused at "), "\(name): \(second.stdout)")
        }
    }

    /// The first pull sets aside what /etc/refocus held at the managed paths (a folder of lists too); when
    /// it cannot (the `.before-fleet` name is taken), it changes nothing at all.
    @Test func theFirstPullSetsAsideWhatWasThereOrChangesNothing() throws {
        let base = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let run = try Sandbox().run(
            Self.git + """
                BASE='\(base)'
                mkdir -p /etc/refocus/lists /etc/refocus/lists.before-fleet
                printf 'mine.test\\n' > /etc/refocus/lists/mine.domains
                printf 'max_session = "24h"\\n' > /etc/refocus/policy.toml
                printf 'remote = "%s"\\nallowed_signers = "/etc/refocus/fleet-allowed-signers"\\n' "$BASE/fleet.git" \\
                  > /etc/refocus/fleet.toml
                cp "$BASE/signers" /etc/refocus/fleet-allowed-signers
                chmod 0644 /etc/refocus/fleet.toml /etc/refocus/fleet-allowed-signers
                status=0; "$BIN/refocus-helper" fleet pull > /dev/null 2> "$WORK/errors" || status=$?
                echo "occupied: $status $(cat "$WORK/errors")"
                [ -L /etc/refocus/policy.toml ] || echo "policy untouched: $(cat /etc/refocus/policy.toml)"
                [ -e /etc/refocus/fleet/current ] || echo "no generation in force"
                rmdir /etc/refocus/lists.before-fleet
                "$BIN/refocus-helper" fleet pull
                echo "lists: $(ls /etc/refocus/lists/ | tr '\\n' ' ')"
                echo "kept: $(cat /etc/refocus/lists.before-fleet/mine.domains)"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "occupied: 71 refocus-helper: /etc/refocus/lists holds something of its own and "
                + "/etc/refocus/lists.before-fleet exists already; move one of them away; nothing of the fleet's "
                + "commit was applied\n",
            "policy untouched: max_session = \"24h\"\n", "no generation in force\n",
            "fleet: /etc/refocus/lists held a folder of its own: kept as /etc/refocus/lists.before-fleet\n",
            "lists: games.domains games.programs \n", "kept: mine.test\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }
}
