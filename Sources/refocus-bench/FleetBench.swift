import Foundation
import Glibc

/// `refocus-helper fleet pull`, timed from spawn to exit in private
/// namespaces (mount, net and pid; an overlay on /etc, tmpfs on /var/lib and
/// /run, so the host is untouched), against a local bare repository whose
/// commits are signed with a real ssh key: a pull that finds its commit
/// already in force, and a pull of a new signed commit (fetched, verified,
/// read, written as a generation, swapped in, the daemon asked to reload).
/// The reference, in the same run and on the same commits: `git fetch` and
/// `git verify-commit` into a bare clone of its own with the same allowed
/// signers, through one `sh -c` (the part of a pull git does). Root only.
enum FleetBench {
    static let insideVariable = "REFOCUS_BENCH_FLEET_NAMESPACES"

    static func run(_ options: BenchMain.Options) throws {
        guard ProcessInfo.processInfo.environment[insideVariable] != nil else {
            return try reenterInNamespaces(arguments: options.checkOnly ? ["fleet", "--check"] : ["fleet"])
        }
        let runs = options.checkOnly ? 2 : 9
        let folder = NSTemporaryDirectory() + "refocus-bench-fleet-\(getpid())"
        let helper = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/refocus-helper"
        guard FileManager.default.isExecutableFile(atPath: helper) else {
            throw BenchError.referenceFailed("\(helper) is not built (swift build -c release)")
        }
        try Measure.shell(setUp(folder))
        let pull = TimedSpawn(helper, ["fleet", "pull"])
        // In force first (untimed): the links made, the daemon started.
        guard try pull.run().status == 0 else { throw BenchError.referenceFailed("the first fleet pull") }
        let fetchAndVerify = TimedSpawn(
            "/bin/sh",
            [
                "-c",
                "cd '\(folder)' && git -C reference.git fetch -q --no-tags '\(folder)/fleet.git' "
                    + "+refs/heads/main:refs/fleet/tip && git -C reference.git -c gpg.ssh.allowedSignersFile='\(folder)/signers' "
                    + "verify-commit refs/fleet/tip 2> /dev/null",
            ])
        let unchanged = try pull.times(runs: runs), unchangedReference = try fetchAndVerify.times(runs: runs)
        var fresh: [Double] = [], freshReference: [Double] = []
        for _ in 0..<runs {
            try Measure.shell("'\(folder)/commit'")
            fresh.append(try checked(pull.run(), "a pull of a new commit"))
            freshReference.append(try checked(fetchAndVerify.run(), "git fetch and verify-commit"))
        }
        let (new, newReference) = (Samples(fresh), Samples(freshReference))
        print("fleet pull (private namespaces, a local bare repository, ssh-signed commits; median of \(runs)):")
        print(
            "  the commit already in force: \(unchanged.medianAndRange)   git fetch + verify-commit: "
                + "\(unchangedReference.medianAndRange)"
                + String(format: "   pull/git %.2fx", unchanged.median / unchangedReference.median))
        print(
            "  a new signed commit, applied: \(new.medianAndRange)   git fetch + verify-commit: "
                + "\(newReference.medianAndRange)"
                + String(format: "   pull/git %.2fx", new.median / newReference.median))
    }

    /// The namespaces' mounts, a signing key, a bare repository with one signed commit, its reference
    /// clone, fleet.toml, and `FOLDER/commit`: adds a name to the list, commits it signed and pushes it.
    private static func setUp(_ folder: String) -> String {
        """
        set -e
        mount --make-rprivate /
        mkdir -p '\(folder)' && mount -t tmpfs -o mode=0755 tmpfs '\(folder)'
        mkdir -p '\(folder)/upper' '\(folder)/overlay-work'
        mount -t overlay overlay -o lowerdir=/etc,upperdir='\(folder)/upper',workdir='\(folder)/overlay-work' /etc
        mount -t tmpfs tmpfs /var/lib
        mount -t tmpfs -o mode=0755 tmpfs /run
        cd '\(folder)'
        ssh-keygen -q -t ed25519 -N '' -C bench -f key
        printf 'bench@fleet namespaces="git" %s\\n' "$(cat key.pub)" > signers
        git init -q --bare -b main fleet.git
        git init -q --bare reference.git
        git init -q -b main work
        mkdir -p work/lists && printf 'max_session = "4h"\\n' > work/policy.toml
        seq 1 1000 | sed 's/$/.bench.test/' > work/lists/bench.domains
        mkdir -p /etc/refocus && cp signers /etc/refocus/fleet-allowed-signers
        printf 'remote = "%s"\\nallowed_signers = "/etc/refocus/fleet-allowed-signers"\\n' '\(folder)/fleet.git' \\
          > /etc/refocus/fleet.toml
        chmod 0644 /etc/refocus/fleet.toml /etc/refocus/fleet-allowed-signers
        cat > commit <<'SCRIPT'
        #!/bin/sh
        set -e
        folder=$(cd "$(dirname "$0")" && pwd)
        cd "$folder/work"
        echo "n$(date +%s%N).bench.test" >> lists/bench.domains
        git add -A
        git -c user.name=Bench -c user.email=bench@example.org -c gpg.format=ssh -c user.signingkey="$folder/key" \\
          commit -q -S -m bench
        git push -q "$folder/fleet.git" HEAD:main
        SCRIPT
        chmod 755 commit && ./commit
        """
    }

    private static func checked(_ run: (seconds: Double, status: Int32), _ what: String) throws -> Double {
        guard run.status == 0 else { throw BenchError.referenceFailed("\(what) exited with \(run.status)") }
        return run.seconds
    }

    /// Runs this benchmark again inside fresh namespaces, with no `SUDO_` variable (the pull is root's own)
    /// and git's configuration its own.
    private static func reenterInNamespaces(arguments: [String]) throws {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SUDO_") }
        environment[insideVariable] = "1"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        try BenchNamespaces.reenter(arguments, environment: environment, benchmark: "the fleet benchmark")
    }
}
