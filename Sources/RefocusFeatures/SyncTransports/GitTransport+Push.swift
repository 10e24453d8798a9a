import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

extension GitTransport {
    /// Publishes `changes` (a list's new synced text, or nil to delete it):
    /// resets the clone to the remote branch as last fetched (or an empty
    /// tree for a branch the remote lacks), writes the files, commits with
    /// `message` and pushes. Answers `.pushed` without a commit when
    /// nothing differs; `.raced` when the push was refused because the
    /// remote moved on since the pull (pull, merge and push again).
    /// Throws `GitTransportError.unreachable` when the remote cannot be
    /// reached, `.rejected` when it refuses the push for another reason.
    public func push(_ changes: [BlockListName: String?], message: String) throws -> PushResult {
        try push(
            files: Dictionary(
                uniqueKeysWithValues: changes.map { (name, text) in
                    (name.rawValue + SyncFileName.suffix, text.map { Array($0.utf8) })
                }),
            message: message)
    }

    /// Publishes `files` (a path in the tree and its new bytes, or nil to
    /// remove it) as one commit on the remote branch as last fetched; the
    /// answers and errors of `push(_:message:)`.
    func push(files changes: [String: [UInt8]?], message: String) throws -> PushResult {
        guard !changes.isEmpty else { return .pushed }
        try prepare()
        let branch = try branchName(), ref = "refs/heads/\(branch)"
        let base = try remoteTip(branch)
        if let base {
            try checked(["checkout", "--quiet", "--force", "-B", branch, base])
        } else {
            // A branch the remote lacks: start it afresh, dropping any commit an earlier push left unpublished.
            try checked(["symbolic-ref", "HEAD", ref])
            _ = try git.run(["-C", folder, "update-ref", "-d", ref])
            try checked(["read-tree", "--empty"])
        }
        try write(changes)
        let staged = try git.run(["-C", folder, "diff", "--cached", "--quiet"])
        if staged.status == 0 { return .pushed }
        guard staged.status == 1 else {
            throw GitTransportError.failed(
                command: "diff", status: staged.status, gitSays: staged.gitSays, clone: folder)
        }
        try checked(try identity() + ["commit", "--quiet", "--no-verify", "--cleanup=verbatim", "--message", message])
        let push = try git.run(["-C", folder, "push", "--porcelain", "--no-verify", "origin", "\(ref):\(ref)"])
        if push.succeeded { return .pushed }
        guard Self.pushFlag(push.output, ref: ref) == "!" else {
            throw GitTransportError.unreachable(url: url, gitSays: push.gitSays)
        }
        // Refused: a race when the remote's branch is no longer the commit we built on.
        let remote = try git.run(["-C", folder, "ls-remote", "--quiet", "origin", ref])
        guard remote.succeeded else { throw GitTransportError.unreachable(url: url, gitSays: remote.gitSays) }
        let now = remote.outputText.split(separator: "\t").first.map(String.init)
        if now != base { return .raced }
        throw GitTransportError.rejected(url: url, branch: branch, gitSays: push.gitSays)
    }

    /// Writes each changed file into the work tree (making its folders) and
    /// stages it; removes and unstages each deleted one. The checkout made
    /// the work tree from the remote's tree, where anyone who can push may
    /// have put a link in place of a folder (`sessions/MACHINE` pointing
    /// out of the clone): each folder on the way is made or checked as a
    /// folder of our own, never followed.
    private func write(_ changes: [String: [UInt8]?]) throws {
        var added: [String] = [], removed: [String] = []
        for (file, bytes) in changes.sorted(by: { $0.key < $1.key }) {
            let path = folder + "/" + file
            do throws(SystemError) {
                var parent = folder
                for step in file.split(separator: "/").dropLast() {
                    parent += "/" + step
                    try Directories.prepare(parent, mode: 0o755)
                }
                if let bytes {
                    try AtomicFile.write(bytes, to: path)
                    added.append(file)
                } else {
                    switch syscall({ unlink(path) }) {
                    case .success, .failure(.noSuchFileOrDirectory): removed.append(file)
                    case .failure(let errno): throw SystemError("remove", path, errno)
                    }
                }
            } catch {
                throw GitTransportError.cannotRun(error)
            }
        }
        if !added.isEmpty { try checked(["add", "--"] + added) }
        if !removed.isEmpty { try checked(["rm", "--quiet", "--cached", "--ignore-unmatch", "--"] + removed) }
    }

    /// `-c user.name=… -c user.email=…` for what the user's git
    /// configuration lacks, when git cannot make an identity of it
    /// (`git var` fails): `refocus` and `refocus@HOSTNAME`, for this commit only.
    private func identity() throws -> [String] {
        let author = try git.run(["-C", folder, "var", "GIT_AUTHOR_IDENT"])
        let committer = try git.run(["-C", folder, "var", "GIT_COMMITTER_IDENT"])
        guard !author.succeeded || !committer.succeeded else { return [] }
        var settings: [String] = []
        if try !git.run(["-C", folder, "config", "--get", "user.name"]).succeeded {
            settings += ["-c", "user.name=refocus"]
        }
        if try !git.run(["-C", folder, "config", "--get", "user.email"]).succeeded {
            settings += ["-c", "user.email=refocus@\(Self.hostname)"]
        }
        return settings
    }

    /// This machine's host name, for the fallback identity.
    static var hostname: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// The status flag `git push --porcelain` gave `ref` (`!` refused,
    /// ` ` `+` `-` `*` `=` done), from its `FLAG<TAB>FROM:TO<TAB>SUMMARY` lines.
    static func pushFlag(_ output: [UInt8], ref: String) -> Character? {
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let flag = fields[0].first, fields[1].hasSuffix(":" + ref) else { continue }
            return flag
        }
        return nil
    }
}
