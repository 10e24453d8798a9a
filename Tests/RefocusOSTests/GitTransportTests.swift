import Foundation
import Glibc
import RefocusCore
@testable import RefocusOS
import RefocusTestSupport
import Testing
@testable import RefocusFeatures

/// The git sync transport against a real bare repository in a temporary
/// folder, with a clone per machine: the first push to an empty remote, a
/// pull that sees the other machine's commit, a push race, a deletion, an
/// unreachable remote, a machine without a git identity, and no prompts.
@Suite struct GitTransportTests {
    /// A bare remote, and homes with a git identity for the machines.
    struct World {
        let folder: TemporaryFolder
        let remote: String

        init() throws {
            folder = try TemporaryFolder()
            remote = folder.path + "/remote.git"
            try FileManager.default.createDirectory(atPath: folder.path + "/home", withIntermediateDirectories: true)
            try "[user]\n\tname = Tester\n\temail = tester@example.org\n"
                .write(toFile: folder.path + "/home/.gitconfig", atomically: true, encoding: .utf8)
            try git(["init", "--quiet", "--bare", remote])
        }

        /// The user's environment, with HOME (and its git configuration) at `home`.
        func environment(home: String? = nil, extra: [String: String] = [:]) -> [String: String] {
            let home = home ?? folder.path + "/home"
            return [
                "PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home + "/.config",
                "GIT_CONFIG_NOSYSTEM": "1",
            ].merging(extra) { $1 }
        }

        /// A machine: a transport with its own clone.
        func machine(
            _ name: String, url: String? = nil, environment: [String: String]? = nil,
            limit: Duration = GitTransport.defaultTimeLimit
        ) -> GitTransport {
            GitTransport(
                url: url ?? remote, folder: folder.path + "/\(name)/state/refocus/sync/repo",
                environment: environment ?? self.environment(), timeLimit: limit)
        }

        /// Runs git (any folder via `-C`) with the testers' environment; its standard output.
        @discardableResult
        func git(_ arguments: [String]) throws -> String {
            let result = try GitCommand(
                path: "/usr/bin/git", environment: GitCommand.environment(from: environment()),
                limit: .seconds(60)
            ).run(arguments)
            #expect(result.succeeded, "git \(arguments): \(result.gitSays)")
            return result.outputText
        }

        /// `git` in the remote.
        func remoteGit(_ arguments: [String]) throws -> String {
            try git(["--git-dir", remote] + arguments)
        }
    }

    static func list(_ name: String) throws -> BlockListName { try BlockListName(name) }

    @Test func firstPushToAnEmptyRemoteThenAnotherMachinePullsIt() throws {
        let world = try World()
        defer { world.folder.remove() }
        let laptop = world.machine("laptop"), desk = world.machine("desk")
        #expect(try laptop.pull() == RemoteLists(texts: [:]))
        let text = "example.org\nnews.example\n"
        #expect(try laptop.push([try Self.list("social"): text], message: "laptop: social +example.org") == .pushed)
        #expect(try world.remoteGit(["cat-file", "blob", "main:social.domains"]) + "\n" == text)
        #expect(
            try world.remoteGit(["log", "-1", "--format=%s|%ae|%ce", "main"])
                == "laptop: social +example.org|tester@example.org|tester@example.org")
        #expect(try desk.pull() == RemoteLists(texts: [try Self.list("social"): text]))
        // Only the clone was written: the machine's folder holds nothing else.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: world.folder.path + "/laptop/state/refocus/sync")
                == ["repo"])
    }

    @Test func aRacedPushAnswersRacedAndSucceedsAfterPullingAgain() throws {
        let world = try World()
        defer { world.folder.remove() }
        let a = world.machine("a"), b = world.machine("b")
        #expect(try a.push([try Self.list("social"): "one.org\n"], message: "a: social +one.org") == .pushed)
        _ = try a.pull()
        _ = try b.pull()
        #expect(try b.push([try Self.list("work"): "docs.example\n"], message: "b: work +docs.example") == .pushed)
        #expect(try a.push([try Self.list("social"): "one.org\ntwo.org\n"], message: "a: social +two.org") == .raced)
        let seen = try a.pull()
        #expect(seen.texts[try Self.list("work")] == "docs.example\n")
        #expect(try a.push([try Self.list("social"): "one.org\ntwo.org\n"], message: "a: social +two.org") == .pushed)
        let both = RemoteLists(texts: [
            try Self.list("social"): "one.org\ntwo.org\n", try Self.list("work"): "docs.example\n",
        ])
        #expect(try a.pull() == both)
        #expect(try b.pull() == both)
        #expect(try world.remoteGit(["rev-list", "--count", "main"]) == "3")
    }

    @Test func aDeletionRemovesTheFileAndNoChangeMakesNoCommit() throws {
        let world = try World()
        defer { world.folder.remove() }
        let a = world.machine("a"), b = world.machine("b")
        _ = try a.pull()
        #expect(
            try a.push([try Self.list("social"): "one.org\n", try Self.list("work"): "two.org\n"], message: "a")
                == .pushed)
        _ = try b.pull()
        #expect(try b.push([try Self.list("work"): nil], message: "b: work deleted") == .pushed)
        #expect(try a.pull() == RemoteLists(texts: [try Self.list("social"): "one.org\n"]))
        // The same text again, and deleting what is gone: nothing to commit.
        #expect(
            try a.push([try Self.list("social"): "one.org\n", try Self.list("work"): nil], message: "a: nothing")
                == .pushed)
        #expect(try a.push([:], message: "a: nothing") == .pushed)
        #expect(try world.remoteGit(["rev-list", "--count", "main"]) == "2")
        #expect(try world.remoteGit(["ls-tree", "--name-only", "main"]) == "social.domains")
    }

    @Test func filesThatAreNotListsAreSkipped() throws {
        let world = try World()
        defer { world.folder.remove() }
        let other = world.folder.path + "/other"
        try world.git(["clone", "--quiet", world.remote, other])
        try FileManager.default.createDirectory(atPath: other + "/sub", withIntermediateDirectories: true)
        for file in ["README.md", "Bad.domains", "sub/inner.domains", "games.domains"] {
            try "x.org\n".write(toFile: other + "/" + file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            atPath: other + "/link.domains", withDestinationPath: "games.domains")
        try world.git(["-C", other, "add", "--all"])
        try world.git(["-C", other, "commit", "--quiet", "-m", "by hand"])
        try world.git(["-C", other, "push", "--quiet", "origin", "HEAD:refs/heads/main"])
        let pulled = try world.machine("a").pull()
        #expect(pulled.texts == [try Self.list("games"): "x.org\n"])
        #expect(pulled.skipped.map { $0.prefix { $0 != ":" } } == ["Bad.domains", "README.md", "link.domains", "sub"])
    }

    @Test(arguments: ["/nonexistent/remote.git", "file:///nonexistent"])
    func anUnreachableRemoteThrowsGitsWordsAndLeavesTheCloneUsable(url: String) throws {
        let world = try World()
        defer { world.folder.remove() }
        let broken = world.machine("a", url: url)
        let error = try #require(throws: GitTransportError.self) { try broken.pull() }
        guard case .unreachable(let named, let words) = error else {
            Issue.record("not unreachable: \(error)")
            return
        }
        #expect(named == url)
        #expect(words.contains("does not appear to be a git repository"), "\(words)")
        #expect(error.description.contains("the local lists were not changed"))
        #expect(throws: GitTransportError.self) { try broken.push([try Self.list("work"): "a.org\n"], message: "a") }
        // The same clone, pointed at a remote that works, syncs.
        let fixed = world.machine("a")
        _ = try fixed.pull()
        #expect(try fixed.push([try Self.list("work"): "a.org\n"], message: "a") == .pushed)
        #expect(try world.machine("b").pull().texts == [try Self.list("work"): "a.org\n"])
    }

    @Test func aMachineWithoutAGitIdentityCommitsAsRefocusAtItsHostName() throws {
        let world = try World()
        defer { world.folder.remove() }
        let empty = world.folder.path + "/empty-home"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        // useConfigOnly: git may not guess an identity from the host name, whatever the host is called.
        let fresh = world.machine(
            "fresh",
            environment: world.environment(
                home: empty,
                extra: [
                    "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "user.useConfigOnly", "GIT_CONFIG_VALUE_0": "true",
                ]))
        _ = try fresh.pull()
        #expect(try fresh.push([try Self.list("work"): "a.org\n"], message: "fresh: work +a.org") == .pushed)
        #expect(
            try world.remoteGit(["log", "-1", "--format=%an <%ae>", "main"])
                == "refocus <refocus@\(GitTransport.hostname)>")
        // Nothing was written to the clone's configuration: the user's own identity wins once set.
        let config = try String(
            contentsOfFile: world.folder.path + "/fresh/state/refocus/sync/repo/.git/config", encoding: .utf8)
        #expect(!config.contains("refocus@"))
    }

    @Test func anHTTPSRemoteNeverPromptsAndFailsFast() throws {
        let world = try World()
        defer { world.folder.remove() }
        let url = "https://127.0.0.1:9/x.git"
        // A prompt would wait for the time limit; the test's limit is far above a refused connection.
        let machine = world.machine(
            "a", url: url, environment: world.environment(extra: ["GIT_TERMINAL_PROMPT": "1"]),
            limit: .seconds(30))
        let clock = ContinuousClock(), start = clock.now
        let error = try #require(throws: GitTransportError.self) { try machine.pull() }
        #expect(clock.now - start < .seconds(15))
        guard case .unreachable(_, let words) = error else {
            Issue.record("not unreachable: \(error)")
            return
        }
        #expect(words.contains("127.0.0.1"), "\(words)")
    }

    @Test func aMissingGitSaysHowToInstallIt() throws {
        let world = try World()
        defer { world.folder.remove() }
        let transport = GitTransport(
            url: world.remote, folder: world.folder.path + "/a", environment: world.environment(),
            git: world.folder.path + "/no/git")
        let error = try #require(throws: GitTransportError.self) { try transport.pull() }
        #expect(error.description.hasPrefix("git is not installed (apt-get install git)"))
    }

    @Test func porcelainFlagsTreeEntriesAndGitsWords() {
        let porcelain = "To /r.git\n!\trefs/heads/main:refs/heads/main\t[rejected] (fetch first)\nDone\n"
        #expect(GitTransport.pushFlag(Array(porcelain.utf8), ref: "refs/heads/main") == "!")
        #expect(GitTransport.pushFlag(Array("To /r.git\nDone\n".utf8), ref: "refs/heads/main") == nil)
        let tree = Array("100644 blob abc\tsocial.domains\u{0}040000 tree def\tsub dir\u{0}".utf8)
        #expect(
            GitTreeEntry.parse(tree) == [
                GitTreeEntry(mode: "100644", type: "blob", object: "abc", path: "social.domains"),
                GitTreeEntry(mode: "040000", type: "tree", object: "def", path: "sub dir"),
            ])
        let errors = Array("error: failed to push\n\nhint: Updates were rejected\n  fatal: gone  \n".utf8)
        #expect(GitCommand.firstLines(of: errors) == "error: failed to push / fatal: gone")
    }
}
