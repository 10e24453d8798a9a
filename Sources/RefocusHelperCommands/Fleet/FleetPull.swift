import Foundation
import RefocusCore
import RefocusOS
import RefocusPolicy

/// One `fleet pull`: fetch the branch's tip, verify its ssh signature with
/// the allowed signers, choose the managed files from its tree by their
/// listed sizes (`FleetTree`), read and check them (the policy with the
/// policy reader), refuse a tip that is not a descendant of the commit in
/// force (an older signed commit served again) unless `allowRollback`, put
/// them in force all at once (`FleetGenerations`), ask
/// the daemon to read the policy again and reconcile, and record what came
/// of it. Anything short of that leaves the state in force as it was.
struct FleetPull {
    /// The moment the pull began.
    let now: Date
    /// Take a tip that is not a descendant of the commit in force (`fleet pull --allow-rollback`).
    var allowRollback = false

    /// Pulls, records the outcome, and returns the record; a refused commit or a failed pull is
    /// recorded, then thrown.
    func run() throws -> FleetRecord {
        // Held until the record is saved; a pull that finds it held records nothing (the other one does).
        try Directories.create(AtomicFile.parentDirectory(of: FleetPaths.state), mode: 0o700)
        try Directories.prepare(FleetPaths.state, mode: 0o700)
        guard let lock = try ExclusiveLock.attempt(path: FleetPaths.lock, directoryMode: 0o700) else {
            throw FleetError.busy(lock: FleetPaths.lock)
        }
        return try withExtendedLifetime(lock) { try pullAndRecord() }
    }

    /// Pulls and records what came of it, under the lock.
    private func pullAndRecord() throws -> FleetRecord {
        var record = FleetRecord.load()
        var pull = FleetRecord.Pull(time: now, outcome: .failed)
        do {
            let config = try FleetConfig.load()
            record.remote = config.remote
            record.branch = config.branch
            try pullVerified(config, into: &pull, inForce: record.inForce)
            if pull.outcome == .applied { record.inForce = pull }
        } catch {
            pull.reason = "\(error)"
            pull.outcome = error is FleetRefusal ? .refused : .failed
            record.lastPull = pull
            try? record.save()
            throw error
        }
        record.lastPull = pull
        try record.save()
        return record
    }

    /// The pull proper, once the configuration is read: fills in `pull`.
    private func pullVerified(
        _ config: FleetConfig, into pull: inout FleetRecord.Pull, inForce: FleetRecord.Pull?
    ) throws {
        try AtomicFile.write(try config.allowedSignersBytes(), to: FleetPaths.signers, mode: 0o600, keepingMode: false)
        let git = FleetGit(clone: FleetPaths.clone)
        try git.prepare()
        // The record's, or (the record lost) the generation `current` points to.
        let inForceCommit =
            inForce?.commit.flatMap { FleetGit.isCommitID($0) ? $0 : nil }
            ?? FleetGenerations.currentCommit()
        let commit = try git.fetch(config, shallow: inForceCommit == nil)
        pull.commit = commit
        pull.signer = try git.verify(commit, signers: FleetPaths.signers)
        var rollbackNote: [String] = []
        if let inForceCommit, try !git.descends(commit, from: inForceCommit) {
            guard allowRollback else { throw FleetRefusal.rollback(commit: commit, inForce: inForceCommit) }
            rollbackNote = [
                "taken with --allow-rollback: not a descendant of \(inForceCommit.prefix(12)), in force before"
            ]
        }
        let files = try read(FleetTree.files(try git.tree(commit)), with: git, commit: commit)
        if inForce?.commit == commit, FleetGenerations.current() == FleetGenerations.name(of: commit) {
            pull.outcome = .unchanged
            return
        }
        let notes = try rollbackNote + FleetGenerations.apply(files, commit: commit)
        pull.outcome = .applied
        let policy = (try? PolicyFile.load()) ?? Policy()
        let answer = try DaemonLink.send(.reload, starting: true, deadlines: HelperDeadlines(policy: policy))
        switch answer {
        case .answered(let reply): pull.notes = notes + (reply.error.map { ["the daemon: \($0)"] } ?? [])
        case .stuck(let reason): pull.notes = notes + [reason + "; the new policy is read when it restarts"]
        case .noDaemon:
            pull.notes =
                notes + ["no enforcer daemon could be started; the next helper run or refocus.service applies it"]
        }
        if pull.notes?.isEmpty ?? false { pull.notes = nil }
    }

    /// The bytes of `files`, each checked: its size as its tree said, the policy read by the policy reader,
    /// a list UTF-8 text without NUL, a schedule TOML.
    private func read(_ files: [FleetTree.File], with git: FleetGit, commit: String) throws
        -> [(path: String, bytes: [UInt8])]
    {
        try files.map { file in
            let bytes = try git.blob(file.object)
            guard bytes.count == file.size else { throw FleetRefusal.sizeChanged(file.path) }
            switch file.kind {
            case .policy:
                do {
                    _ = try PolicyFile.parse(bytes, path: "policy.toml of commit \(commit.prefix(12))")
                } catch {
                    throw FleetRefusal.invalidPolicy("\(error)")
                }
            case .domains, .programs:
                guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
                    throw FleetRefusal.unreadable(file.path, reason: "not UTF-8 text")
                }
            case .schedule:
                do {
                    _ = try TOMLTable(parsing: bytes)
                } catch {
                    throw FleetRefusal.unreadable(file.path, reason: "not valid TOML: \(error)")
                }
            }
            return (file.path, bytes)
        }
    }
}
