import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing
@testable import RefocusFeatures

/// A git remote's machine folders (`sessions/MACHINE/NAME`, issue 32) as
/// anyone with push rights could lay them out, against a real bare
/// repository: a blob over the limit refused without being read (git's own
/// trace shows no `cat-file` of it), a link and a submodule refused, a file
/// at the wrong depth or under a machine name that is no plain name refused
/// as a bad place; what a machine publishes read back by another; a machine
/// folder planted as a link never written through; and the list pull
/// passing over the `sessions` and `history` folders.
@Suite struct GitStoreFilesTests {
    typealias World = GitTransportTests.World
    static let id = "0123456789abcdef0123456789abcdef"
    static let intent = Array("{\"an\":\"intent\"}\n".utf8)

    /// Commits `files` and `links` (path: target) from a clone of its own and pushes them, as anyone could.
    static func pushByHand(_ world: World, files: [String: [UInt8]], links: [String: String] = [:]) throws {
        let other = world.folder.path + "/by-hand"
        if !FileManager.default.fileExists(atPath: other) { try world.git(["clone", "--quiet", world.remote, other]) }
        for (path, bytes) in files {
            let full = other + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
        for (path, target) in links {
            let full = other + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
        }
        try world.git(["-C", other, "add", "--all"])
        try world.git(["-C", other, "commit", "--quiet", "-m", "by hand"])
        try world.git(["-C", other, "push", "--quiet", "origin", "HEAD:refs/heads/main"])
    }

    /// A file as the transport should find it.
    static let file = FolderStoreFilesTests.file

    @Test func hostileEntriesAreRefusedAndABlobOverTheLimitIsNeverRead() throws {
        let world = try World()
        defer { world.folder.remove() }
        let big = [UInt8](repeating: 0x20, count: 101)
        try Self.pushByHand(
            world,
            files: [
                "sessions/laptop/\(Self.id).json": Self.intent, "sessions/laptop/big.json": big,
                "sessions/laptop/.syncing": Self.intent, "sessions/a/b/c.json": Self.intent,
                "sessions/bad name/x.json": Self.intent, "sessions/stray.json": Self.intent,
                "history/laptop/2027-01.jsonl": Self.intent,
            ],
            links: ["sessions/laptop/link.json": "\(Self.id).json"])
        // A submodule entry, which no checkout could make by itself.
        let head = try world.remoteGit(["rev-parse", "main"])
        try world.git([
            "-C", world.folder.path + "/by-hand", "update-index", "--add", "--cacheinfo",
            "160000,\(head),sessions/laptop/sub.json",
        ])
        try world.git(["-C", world.folder.path + "/by-hand", "commit", "--quiet", "-m", "a submodule"])
        try world.git(["-C", world.folder.path + "/by-hand", "push", "--quiet", "origin", "HEAD:refs/heads/main"])
        let bigBlob = try world.remoteGit(["rev-parse", "main:sessions/laptop/big.json"])
        let trace = world.folder.path + "/trace"
        let desk = world.machine("desk", environment: world.environment(extra: ["GIT_TRACE": trace]))
        try desk.refresh()
        #expect(
            try desk.files(in: .sessions, limit: 100) == [
                Self.file("a", "c.json", .failure(.badPlace)),
                Self.file("bad name", "x.json", .failure(.badPlace)),
                Self.file("laptop", "\(Self.id).json", .success(Self.intent)),
                Self.file("laptop", "big.json", .failure(.tooLarge(101))),
                Self.file("laptop", "link.json", .failure(.notPlainFile)),
                Self.file("laptop", "sub.json", .failure(.notPlainFile)),
                Self.file("stray.json", "stray.json", .failure(.badPlace)),
            ])
        let traced = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(traced.contains("cat-file blob"), "the trace shows the blobs read: \(traced)")
        #expect(!traced.contains(bigBlob), "the blob over the limit was read: \(traced)")
        #expect(
            try desk.files(in: .history, limit: 100) == [Self.file("laptop", "2027-01.jsonl", .success(Self.intent))])
    }

    @Test func whatAMachinePublishesAnotherReadsAndNilRemovesIt() throws {
        let world = try World()
        defer { world.folder.remove() }
        let laptop = world.machine("laptop"), desk = world.machine("desk")
        let path = "sessions/laptop/\(Self.id).json"
        try laptop.publish([path: Self.intent], message: "refocus: start from laptop")
        try desk.refresh()
        #expect(
            try desk.files(in: .sessions, limit: 1024) == [
                Self.file("laptop", "\(Self.id).json", .success(Self.intent))
            ])
        #expect(try world.remoteGit(["log", "-1", "--format=%s", "main"]) == "refocus: start from laptop")
        // A list pushed beside it is unaffected, and the list pull passes over the store's folders.
        #expect(try desk.push([try BlockListName("social"): "example.org\n"], message: "desk: social") == .pushed)
        try desk.publish(["history/desk/2027-01.jsonl": [0x0A]], message: "refocus: history")
        let pulled = try laptop.pull()
        #expect(pulled.texts == [try BlockListName("social"): "example.org\n"])
        #expect(pulled.skipped.isEmpty, "\(pulled.skipped)")
        try laptop.publish([path: nil], message: "refocus: removed")
        try desk.refresh()
        #expect(try desk.files(in: .sessions, limit: 1024).isEmpty)
    }

    @Test func aMachineFolderPlantedAsALinkIsNeverWrittenThrough() throws {
        let world = try World()
        defer { world.folder.remove() }
        let elsewhere = world.folder.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try Self.pushByHand(
            world, files: ["social.domains": Array("example.org\n".utf8)], links: ["sessions/desk": elsewhere])
        let desk = world.machine("desk")
        let published = Result { try desk.publish(["sessions/desk/\(Self.id).json": Self.intent], message: "desk") }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty,
            "written outside the clone through the remote's link (publish: \(published))")
        #expect(try world.remoteGit(["ls-tree", "-r", "--name-only", "main"]) == "sessions/desk\nsocial.domains")
        // Removing goes through no link either.
        try Data(Self.intent).write(to: URL(fileURLWithPath: elsewhere + "/\(Self.id).json"))
        _ = Result { try desk.publish(["sessions/desk/\(Self.id).json": nil], message: "desk") }
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/\(Self.id).json"), "removed through the link")
    }
}
