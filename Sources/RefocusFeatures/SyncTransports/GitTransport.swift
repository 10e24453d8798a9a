import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

/// Syncs list definitions through a git remote (ssh, https, file, a path:
/// anything `git` reaches), with the `git` command and the user's own git
/// configuration and credentials: ReFocus stores none. Works in its own
/// clone, `folder` (`$XDG_STATE_HOME/refocus/sync/repo`, passed in), made
/// on first use by `git init` and `git remote add origin URL`, which works
/// for an empty remote as for a full one. Reads and writes nothing outside
/// that clone: the local lists are the caller's.
///
/// `pull()` fetches and reads each `NAME.domains` of the remote branch's
/// tree (`origin/BRANCH`, never the work tree); `push(_:message:)` resets
/// the clone to that same fetched tip, writes the changed files, commits
/// and pushes, and answers `.raced` when the remote moved on meanwhile.
/// The branch is `branch`, else the remote's default branch, else `main`.
///
/// Commits carry the user's git identity; where none is configured (a fresh
/// machine), `refocus@HOSTNAME` for that commit only (`-c user.email=`),
/// so the user's own settings win as soon as they exist.
///
/// Every git run is `GitCommand`'s: no shell, no terminal prompts
/// (`GIT_TERMINAL_PROMPT=0`, a session of its own), at most `timeLimit`.
/// Not safe for concurrent use: the caller serialises syncs with a lock.
public final class GitTransport: SyncTransport {
    /// The remote, as given (a relative path made absolute).
    public let url: String
    /// The branch to sync, or nil for the remote's default branch.
    public let branch: String?
    /// The clone's folder.
    public let folder: String
    /// The longest each git command may run by default: a slow network, not a hung one.
    public static let defaultTimeLimit: Duration = .seconds(120)

    let git: GitCommand
    /// The branch, once known.
    private var resolvedBranch: String?

    /// A transport for `url` and `branch` working in the clone `folder`,
    /// running `git` (an absolute path) with `environment` (the user's:
    /// HOME, SSH_AUTH_SOCK, ...), each command for at most `timeLimit`.
    /// Nothing runs yet; relative paths are taken from the working directory.
    public init(
        url: String, branch: String? = nil, folder: String, environment: [String: String],
        git: String = "/usr/bin/git", timeLimit: Duration = GitTransport.defaultTimeLimit
    ) {
        self.url = Self.isLocalPath(url) ? Self.absolute(url) : url
        self.branch = branch
        self.folder = Self.absolute(folder)
        self.git = GitCommand(path: git, environment: GitCommand.environment(from: environment), limit: timeLimit)
    }

    /// The other side's lists: fetches, then reads every `NAME.domains`
    /// at the top of the remote branch's tree; other files are `skipped`
    /// (but not the folders of `SyncStoreArea`).
    /// An empty remote has no lists. Throws `GitTransportError.unreachable`
    /// with git's words when the fetch fails.
    public func pull() throws -> RemoteLists {
        try fetch()
        let branch = try self.branchName()
        guard let tip = try remoteTip(branch) else { return RemoteLists(texts: [:]) }
        let tree = try checked(["ls-tree", "-z", "--full-tree", tip])
        var texts: [BlockListName: String] = [:], skipped: [String] = []
        for entry in GitTreeEntry.parse(tree.output) where SyncStoreArea(rawValue: entry.path) == nil {
            guard let name = entry.listName else {
                skipped.append("\(entry.path): not a list (lists are NAME.domains files, NAME in a-z, 0-9, - and _)")
                continue
            }
            guard entry.isFile else {
                skipped.append("\(entry.path): not a plain file (a folder, a link or a submodule)")
                continue
            }
            texts[name] = String(decoding: try checked(["cat-file", "blob", entry.object]).output, as: UTF8.self)
        }
        return RemoteLists(texts: texts, skipped: skipped.sorted())
    }

    /// Brings the clone's copy of the remote up to date (making the clone first when missing).
    func fetch() throws {
        try prepare()
        let fetch = try git.run(["-C", folder, "fetch", "--quiet", "--prune", "--no-tags", "origin"])
        guard fetch.succeeded else { throw GitTransportError.unreachable(url: url, gitSays: fetch.gitSays) }
    }

    /// Makes the clone when missing (`git init`, `git remote add`), and
    /// points its `origin` at `url` should the setting have changed.
    func prepare() throws {
        guard !url.isEmpty, !url.hasPrefix("-") else {
            throw GitTransportError.invalidSetting("the remote \"\(url)\" is not a git URL")
        }
        if let branch {
            let format = try git.run(["check-ref-format", "--branch", branch])
            guard format.succeeded, !branch.hasPrefix("-") else {
                throw GitTransportError.invalidSetting("\"\(branch)\" is not a branch name git accepts")
            }
        }
        var status = stat()
        if case .failure = syscall({ stat(folder + "/.git", &status) }) {
            do {
                try Directories.create(folder, mode: 0o700)
            } catch {
                throw GitTransportError.cannotRun(error)
            }
            _ = try checked(["init", "--quiet", folder], inClone: false)
        }
        let current = try git.run(["-C", folder, "config", "--get", "remote.origin.url"])
        if !current.succeeded {
            _ = try checked(["remote", "add", "origin", url])
        } else if current.outputText != url {
            _ = try checked(["remote", "set-url", "origin", url])
        }
    }

    /// The branch synced: `branch`, else the remote's default (learnt once
    /// by `git remote set-head --auto`), else `main` (an empty remote).
    func branchName() throws -> String {
        if let name = branch ?? resolvedBranch { return name }
        let prefix = "refs/remotes/origin/"
        var head = try git.run(["-C", folder, "symbolic-ref", "--quiet", prefix + "HEAD"])
        if !head.succeeded {
            _ = try git.run(["-C", folder, "remote", "set-head", "origin", "--auto"])
            head = try git.run(["-C", folder, "symbolic-ref", "--quiet", prefix + "HEAD"])
        }
        let name =
            head.succeeded && head.outputText.hasPrefix(prefix)
            ? String(head.outputText.dropFirst(prefix.count)) : "main"
        resolvedBranch = name
        return name
    }

    /// The commit `origin/BRANCH` names since the last fetch, or nil when the remote has no such branch.
    func remoteTip(_ branch: String) throws -> String? {
        let tip = try git.run([
            "-C", folder, "rev-parse", "--verify", "--quiet", "refs/remotes/origin/\(branch)^{commit}",
        ])
        return tip.succeeded ? tip.outputText : nil
    }

    /// Runs git in the clone (`-C folder`, unless `inClone` is false); throws `.failed` unless it exits with 0.
    @discardableResult
    func checked(_ arguments: [String], inClone: Bool = true) throws(GitTransportError) -> GitCommand.Result {
        let result = try git.run((inClone ? ["-C", folder] : []) + arguments)
        guard result.succeeded else {
            throw .failed(command: arguments.first ?? "", status: result.status, gitSays: result.gitSays, clone: folder)
        }
        return result
    }

    /// Whether `url` is a local path rather than a URL (`scheme://`) or scp-like address (`host:path`).
    private static func isLocalPath(_ url: String) -> Bool {
        !url.contains(":") && !url.isEmpty
    }

    /// `path` made absolute against the working directory.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), !path.isEmpty, let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }
}
