import Foundation
import RefocusCore
import RefocusOS
import RefocusPolicy

/// root's git runs for a fleet pull, in the clone under
/// /var/lib/refocus/fleet (a bare repository: nothing is ever checked out,
/// blobs are read with `cat-file`). git runs with no configuration but its
/// own (`GIT_CONFIG_NOSYSTEM`, no global file), no hooks, no attributes
/// file, the transports https, ssh, git and file only, objects checked as
/// they arrive, and no terminal prompts (`GitCommand`: no shell, a time limit).
/// The clone's size is bounded (`repositoryCap`): every file a git run
/// writes stops at the cap (`FileSizeLimit`), a fetch keeps what it
/// receives as one pack (`fetch.unpackLimit=1`, so the cap bounds the
/// whole transfer, not one object of it), and a clone over the cap after a
/// fetch is removed.
struct FleetGit {
    /// Where git is.
    static let program = "/usr/bin/git"
    /// The longest one git run may take.
    static let limit: Duration = .seconds(300)
    /// The most root's clone may hold, in bytes, and the largest file a git run may write.
    static let repositoryCap = 64 << 20
    /// The ref the fetched tip is kept under in the clone.
    static let tipRef = "refs/fleet/tip"

    /// The environment of every run: fixed, nothing of the caller's.
    static let environment = [
        "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=\(FleetPaths.state)", "LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1",
        "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0", "GIT_ASKPASS=/bin/false", "SSH_ASKPASS=/bin/false",
        "GIT_SSH_COMMAND=ssh -o BatchMode=yes",
    ]

    /// The settings given on every run's command line.
    static let settings = [
        "core.hooksPath=/dev/null", "core.attributesFile=/dev/null", "core.fsmonitor=false",
        "protocol.allow=never", "protocol.https.allow=always", "protocol.ssh.allow=always",
        "protocol.git.allow=always", "protocol.file.allow=always", "transfer.fsckObjects=true",
        "gpg.program=/bin/false", "gpg.x509.program=/bin/false", "gpg.format=ssh",
        // A fetch kept as one pack file, whatever its number of objects; no work of git's own afterwards.
        "fetch.unpackLimit=1", "transfer.unpackLimit=1", "gc.auto=0", "maintenance.auto=false",
        "fetch.writeCommitGraph=false",
    ].flatMap { ["-c", $0] }

    let git = GitCommand(path: program, environment: environment, limit: limit, fileSizeLimit: repositoryCap)
    let clone: String

    /// Runs git in the clone with `arguments`.
    func run(_ arguments: [String], settings extra: [String] = []) throws(FleetError) -> GitCommand.Result {
        do {
            return try git.execute(Self.settings + extra.flatMap { ["-c", $0] } + ["-C", clone] + arguments)
        } catch {
            throw .gitNotRun(error)
        }
    }

    /// Runs git and requires success.
    func checked(_ arguments: [String], settings extra: [String] = []) throws(FleetError) -> GitCommand.Result {
        let result = try run(arguments, settings: extra)
        guard result.succeeded else {
            throw .gitFailed(command: arguments.first ?? "", status: result.status, gitSays: result.gitSays)
        }
        return result
    }

    /// Makes the bare clone when it is missing.
    func prepare() throws(FleetError) {
        guard !FileManager.default.fileExists(atPath: clone + "/HEAD") else { return }
        let made: GitCommand.Result
        do {
            made = try git.execute(Self.settings + ["init", "--quiet", "--bare", clone])
        } catch {
            throw .gitNotRun(error)
        }
        guard made.succeeded else { throw .gitFailed(command: "init", status: made.status, gitSays: made.gitSays) }
    }

    /// Fetches `config`'s branch into `tipRef` (only the tip's own commit when `shallow`); returns the tip's
    /// commit id. A fetch that reached the cap is refused (`FleetRefusal.repositoryTooLarge`), what it left
    /// removed; a clone over the cap after a fetch is removed whole.
    func fetch(_ config: FleetConfig, shallow: Bool) throws -> String {
        let fetched = try run(
            ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--force"] + (shallow ? ["--depth", "1"] : [])
                + [config.remote, "+refs/heads/\(config.branch):\(Self.tipRef)"])
        guard fetched.succeeded else {
            let reachedCap = FleetClone.size(of: clone).largest >= Self.repositoryCap
            FleetClone.removeLeftovers(in: clone)
            if reachedCap { throw FleetRefusal.repositoryTooLarge(cap: Self.repositoryCap) }
            throw FleetError.unreachable(remote: config.remote, branch: config.branch, gitSays: fetched.gitSays)
        }
        guard FleetClone.size(of: clone).total <= Self.repositoryCap else {
            try FleetClone.remove(clone)
            throw FleetRefusal.repositoryTooLarge(cap: Self.repositoryCap)
        }
        return try checked(["rev-parse", "--verify", "--quiet", Self.tipRef + "^{commit}"]).outputText
    }

    /// The signer of `commit` (git's words: principal and key fingerprint), when git verifies its ssh
    /// signature against the allowed signers in `signers`; else the refusal with git's words.
    func verify(_ commit: String, signers: String) throws -> String {
        let object = try checked(["cat-file", "commit", commit]).output
        // Only an ssh signature: gpg and x509 would be verified with root's own keyrings.
        let header = Array("\ngpgsig -----BEGIN SSH SIGNATURE-----".utf8)
        guard Self.headerEnd(object).map({ Array(object[..<$0]).contains(header) }) ?? false else {
            throw FleetRefusal.notVerified(commit: commit, gitSays: "the commit carries no ssh signature")
        }
        let result = try run(["verify-commit", "--raw", commit], settings: ["gpg.ssh.allowedSignersFile=\(signers)"])
        let words = String(decoding: result.errors, as: UTF8.self)
        let good = words.split(separator: "\n").first { $0.hasPrefix("Good \"git\" signature for ") }
        guard result.succeeded, let good else {
            throw FleetRefusal.notVerified(commit: commit, gitSays: result.gitSays)
        }
        return String(good.dropFirst("Good \"git\" signature for ".count))
    }

    /// Where a commit object's headers end (its first empty line).
    static func headerEnd(_ object: [UInt8]) -> Int? {
        object.indices.dropLast().first { object[$0] == 0x0A && object[$0 + 1] == 0x0A }
    }

    /// Whether `commit` is `ancestor` or descends from it (`merge-base --is-ancestor`); false too when
    /// `ancestor` is not in the clone at all (the history fetched does not hold it).
    func descends(_ commit: String, from ancestor: String) throws(FleetError) -> Bool {
        let result = try run(["merge-base", "--is-ancestor", ancestor, commit])
        if result.status == 0 || result.status == 1 { return result.succeeded }
        guard try run(["cat-file", "-e", ancestor + "^{commit}"]).succeeded else { return false }
        throw .gitFailed(command: "merge-base", status: result.status, gitSays: result.gitSays)
    }

    /// Whether `text` is a full commit id (40 or 64 lowercase hexadecimal digits).
    static func isCommitID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The tree of `commit`, recursively, with sizes.
    func tree(_ commit: String) throws(FleetError) -> [GitTreeEntry] {
        GitTreeEntry.parse(try checked(["ls-tree", "-r", "-z", "-l", "--full-tree", commit]).output)
    }

    /// A blob's bytes.
    func blob(_ object: String) throws(FleetError) -> [UInt8] {
        try checked(["cat-file", "blob", object]).output
    }
}
