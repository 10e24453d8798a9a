import Glibc
import RefocusOS
import RefocusTestSupport
import Testing

/// `FollowedFoldersWatch` against real inotify events in a temporary
/// folder laid out as `/etc/refocus` is: a file written in a followed folder
/// counts and one of another name beside it does not; a folder replaced by
/// a link (a fleet's first pull) and the link on the way renamed over (every
/// later pull) count, and after `rearm()` the watch follows the new folder,
/// drops the old one, and stays at one watch per folder.
@Suite struct FollowedFoldersWatchTests {
    private func write(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0, "\(path)")
        _ = Glibc.write(fd, "x\n", 2)
        close(fd)
    }

    private func folder(_ path: String) {
        #expect(mkdir(path, 0o755) == 0, "\(path)")
    }

    @Test func followsAFolderThroughItsReplacementByLinks() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let root = temporary.path
        folder(root + "/lists")
        folder(root + "/fleet")
        let watch = try FollowedFoldersWatch([
            (root, ["lists", "fleet"]), (root + "/fleet", ["current"]), (root + "/lists", nil),
        ])
        #expect(watch.watchCount == 3)
        #expect(!watch.drain(), "nothing happened yet")
        write(root + "/policy.toml")
        #expect(!watch.drain(), "a name that does not count")
        write(root + "/lists/games.domains")
        #expect(watch.drain(), "any file in the followed folder")

        // The first pull: the folder moved aside, a link through fleet/current in its place.
        folder(root + "/fleet/g-1")
        folder(root + "/fleet/g-1/lists")
        #expect(symlink("g-1", root + "/fleet/current") == 0)
        #expect(rename(root + "/lists", root + "/lists.before-fleet") == 0)
        #expect(symlink("fleet/current/lists", root + "/lists") == 0)
        #expect(watch.drain())
        watch.rearm()
        #expect(watch.watchCount == 3)
        #expect(!watch.drain(), "the old folder's watch ending is our own doing")
        write(root + "/lists.before-fleet/games.domains")
        #expect(!watch.drain(), "the folder moved aside is no longer followed")
        write(root + "/fleet/g-1/lists/games.domains")
        #expect(watch.drain(), "the link's folder is")

        // A later pull: a new generation, `current` renamed over.
        folder(root + "/fleet/g-2")
        folder(root + "/fleet/g-2/lists")
        #expect(symlink("g-2", root + "/fleet/.current-new") == 0)
        #expect(!watch.drain(), "the generations' own names do not count")
        #expect(rename(root + "/fleet/.current-new", root + "/fleet/current") == 0)
        #expect(watch.drain(), "current renamed over")
        watch.rearm()
        #expect(watch.watchCount == 3, "the old generation's watch is dropped")
        write(root + "/fleet/g-1/lists/old.domains")
        #expect(!watch.drain())
        write(root + "/fleet/g-2/lists/games.domains")
        #expect(watch.drain())
    }

    @Test func aFolderMadeLaterIsWatchedOnceArmedAgain() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let root = temporary.path
        let watch = try FollowedFoldersWatch([(root, ["schedules.d"]), (root + "/schedules.d", nil)])
        #expect(watch.watchCount == 1, "the missing folder is skipped")
        folder(root + "/schedules.d")
        #expect(watch.drain(), "its parent saw it made")
        watch.rearm()
        #expect(watch.watchCount == 2)
        write(root + "/schedules.d/family.toml")
        #expect(watch.drain())
        #expect(rmdir(root + "/schedules.d") == -1, "not empty")
        unlink(root + "/schedules.d/family.toml")
        #expect(watch.drain(), "a file removed")
        #expect(rmdir(root + "/schedules.d") == 0)
        #expect(watch.drain(), "the folder removed")
        watch.rearm()
        #expect(watch.watchCount == 1)
    }
}
