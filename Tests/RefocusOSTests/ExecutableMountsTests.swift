import RefocusOS
import Testing

/// The mounts the exec guard marks, from /proc/self/mountinfo: every mount
/// a program can run from, none of the pseudo filesystems, no `noexec`
/// mount and no FUSE mount; escaped mount points decoded.
@Suite struct ExecutableMountsTests {
    static let mountinfo = """
        22 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw
        23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw
        24 22 0:22 / /sys rw,nosuid,nodev,noexec,relatime shared:2 - sysfs sysfs rw
        25 22 0:5 / /dev rw,nosuid,relatime shared:8 - devtmpfs udev rw,size=8G
        26 25 0:23 / /dev/shm rw,nosuid,nodev,noexec shared:9 - tmpfs tmpfs rw
        27 22 0:24 / /tmp rw,nosuid,nodev shared:10 - tmpfs tmpfs rw
        28 22 259:3 / /home/my\\040files rw,relatime shared:30 - btrfs /dev/nvme0n1p3 rw
        29 22 0:40 / /tmp/.mount_Obsid rw,nosuid,nodev,relatime - fuse.Obsidian Obsidian ro
        30 27 0:24 /x /srv/bound rw shared:10 - tmpfs tmpfs rw
        31 24 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec - cgroup2 cgroup2 rw
        32 22 0:50 / /var/lib/docker/overlay2/m rw,relatime - overlay overlay rw,lowerdir=/a
        """

    @Test func onlyMountsAProgramCanRunFrom() {
        let mounts = ExecutableMounts(mountinfo: Self.mountinfo).mounts
        #expect(
            mounts.map(\.path) == ["/", "/dev", "/tmp", "/home/my files", "/srv/bound", "/var/lib/docker/overlay2/m"])
        #expect(mounts.map(\.device) == ["259:2", "0:5", "0:24", "259:3", "0:24", "0:50"])
        #expect(mounts.map(\.type) == ["ext4", "devtmpfs", "tmpfs", "btrfs", "tmpfs", "overlay"])
    }

    @Test func damagedLinesAreSkipped() {
        let text = "garbage\n40 1 0:1 / /a rw - \n41 1 0:2 / /b rw - ext4 /dev/x rw\n"
        #expect(ExecutableMounts(mountinfo: text).mounts.map(\.path) == ["/b"])
    }

    @Test func thisProcessHasSome() {
        #expect(!ExecutableMounts.current().mounts.isEmpty, "/ at least")
    }
}
