import CNSSRefocus
import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// Who asks, for the index's per-user entries (index_owner.c): the real
/// uid, taken as it is in the initial user namespace and mapped one level
/// up through uid_map in any other. The parsing and the decision from
/// files of the test's own; the real thing in `unshare -r` is
/// `ResolverModulePerUserTests`.
@Suite struct NSSCallerUidTests {
    @Test(
        arguments: [
            ("         0       1000          1\n", 0, 1000),
            ("         0       1000          1\n", 1, nil),
            ("         0       1000          1\n", 65534, nil),
            ("         0          0 4294967295\n", 4242, 4242),
            ("         0       1000          1\n         1     100000      65536\n", 1, 100000),
            ("         0       1000          1\n      1000     100000      65536\n", 1500, 100500),
            ("         0       1000          1\n      1000     100000      65536\n", 66536, nil),
            ("         0 4294967294         10\n", 5, nil),
            ("", 0, nil),
            ("         0       1000          1", 0, nil),
            ("garbage\n", 0, nil),
            ("         0       1000          1\ngarbage\n", 0, 1000),
        ] as [(String, UInt32, UInt32?)])
    func aUidIsMappedByTheWholeLineThatCoversIt(map: String, uid: UInt32, expected: UInt32?) {
        var outside: UInt32 = 0
        let mapped = map.withCString { rf_nss_map_uid($0, strlen($0), uid, &outside) }
        #expect((mapped ? outside : nil) == expected, "\(uid) through \(map.debugDescription)")
    }

    /// Outside the initial namespace (a user namespace file that is not the
    /// initial one's: any other file's inode), the map decides; without
    /// the namespace file (no /proc), the uid is taken as it is.
    @Test func theNamespaceFileDecidesWhetherTheMapIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let namespace = folder.path + "/ns-user", map = folder.path + "/uid_map"
        try Data().write(to: URL(fileURLWithPath: namespace))
        try Data("         0       1000          1\n".utf8).write(to: URL(fileURLWithPath: map))
        var real: UInt32 = 7
        var initial = true
        #expect(rf_nss_real_uid_at(0, namespace, map, &real, &initial) && real == 1000 && !initial)
        #expect(!rf_nss_real_uid_at(65534, namespace, map, &real, &initial), "unmapped: cannot be told")
        #expect(
            !rf_nss_real_uid_at(0, namespace, folder.path + "/missing", &real, &initial), "a map that cannot be read")
        #expect(rf_nss_real_uid_at(0, folder.path + "/missing", map, &real, &initial) && real == 0, "no /proc")
        #expect(!initial, "not known to be the initial namespace: not remembered")
    }

    /// This test process, in the machine's own namespace: its uid as it is, the map not read.
    @Test func inTheInitialNamespaceTheUidIsTakenAsItIs() throws {
        var status = stat()
        try #require(stat(RF_NSS_USER_NS_PATH, &status) == 0)
        try #require(status.st_ino == RF_NSS_INITIAL_USER_NS_INODE, "runs in the initial user namespace")
        var real: UInt32 = 7
        var initial = false
        #expect(rf_nss_real_uid_at(4242, RF_NSS_USER_NS_PATH, "/nonexistent/uid_map", &real, &initial) && real == 4242)
        #expect(initial)
    }
}
