import Glibc
import Testing
@testable import RefocusOS
import RefocusTestSupport

/// `FileWatch.drainOwnWrite` against real inotify events in a temporary
/// folder: our own atomic rewrite is left out, and whatever anyone else did
/// to the file after it (a write in place, their own rename, a deletion) is
/// still seen.
@Suite struct FileWatchTests {
    /// A watched `hosts` in a fresh folder, after one atomic write of ours.
    private func watchedAfterOurWrite(hidden: Bool = false) throws -> (TemporaryFolder, String, FileWatch) {
        let folder = try TemporaryFolder()
        let path = folder.path + "/hosts"
        try AtomicFile.write(Array("127.0.0.1 localhost\n".utf8), to: path)
        let watch = try FileWatch(path)
        try AtomicFile.write(Array("127.0.0.1 localhost\n# ours\n".utf8), to: path, hiddenTemporary: hidden)
        return (folder, path, watch)
    }

    @Test(arguments: [false, true]) func ourOwnRewriteAloneIsLeftOut(hidden: Bool) throws {
        let (folder, _, watch) = try watchedAfterOurWrite(hidden: hidden)
        defer { folder.remove() }
        #expect(!watch.drainOwnWrite())
    }

    @Test func aWriteInPlaceAfterOurRewriteIsSeen() throws {
        let (folder, path, watch) = try watchedAfterOurWrite()
        defer { folder.remove() }
        let fd = open(path, O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = write(fd, "edited\n", 7)
        close(fd)
        #expect(watch.drainOwnWrite(), "the edit's close-write is not ours")
    }

    @Test func someoneElsesRenameAfterOurRewriteIsSeen() throws {
        let (folder, path, watch) = try watchedAfterOurWrite()
        defer { folder.remove() }
        // What `sed -i` does: a temporary of its own, renamed over the file.
        let theirs = folder.path + "/sedAb12Cd"
        let fd = open(theirs, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        close(fd)
        #expect(rename(theirs, path) == 0)
        #expect(watch.drainOwnWrite(), "their rename is not ours")
    }

    @Test func aDeletionAfterOurRewriteIsSeen() throws {
        let (folder, path, watch) = try watchedAfterOurWrite()
        defer { folder.remove() }
        #expect(unlink(path) == 0)
        #expect(watch.drainOwnWrite())
    }

    @Test func theWholeDrainSeesEveryChange() throws {
        let (folder, _, watch) = try watchedAfterOurWrite()
        defer { folder.remove() }
        #expect(watch.drain(), "drain counts our own rename too")
    }
}
