import CNSSRefocus
import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// Whose index the module believes (index_owner.c): root's anywhere, and
/// the overflow uid only where the user namespace does not map every uid
/// to itself, for that is how root's file looks there. The parsing of the
/// two /proc files, and the decision read from files of the test's own;
/// the real thing in a user namespace is `ResolverModuleUserNamespaceTests`.
@Suite struct NSSIndexOwnerTests {
    /// What the kernel writes for the initial namespace, and for others.
    @Test(arguments: [
        ("         0          0 4294967295\n", true),
        ("0 0 4294967295\n", true),
        ("         0       1000          1\n", false),
        ("         0          0          1\n", false),
        ("         0          0 4294967294\n", false),
        ("         0          1 4294967295\n", false),
        ("         0          0 4294967295\n         1          1          1\n", false),
        ("", false),
        ("         0          0 4294967295", false),
        ("         0          0 42949672950\n", false),
        ("         0          0 04294967295\n", false),
        ("garbage\n", false),
    ])
    func aMapOfEveryUidToItselfIsTheInitialNamespacesOnly(map: String, everyUid: Bool) {
        #expect(map.withCString { rf_nss_maps_every_uid($0, strlen($0)) } == everyUid, "\(map.debugDescription)")
    }

    @Test(
        arguments: [
            (0, true, true), (0, false, true),
            (65534, true, false), (65534, false, true),
            (1000, false, false), (1000, true, false),
        ] as [(uid_t, Bool, Bool)])
    func rootIsBelievedAnywhereAndTheOverflowUidOnlyWhereRootIsNotMapped(owner: uid_t, everyUid: Bool, believed: Bool) {
        #expect(rf_nss_owner_believed(owner, everyUid, 65534) == believed)
    }

    /// The decision from the two files: an `unshare -r` map and an empty
    /// one (`unshare -U`) believe the overflow uid they name; the initial
    /// map, a missing or damaged file, do not.
    @Test func theFilesDecideAndAnUnreadableOneBelievesOnlyRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func write(_ name: String, _ text: String) throws -> String {
            let path = folder.path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let initial = try write("initial", "         0          0 4294967295\n")
        let mapped = try write("mapped", "         0       1000          1\n")
        let empty = try write("empty", "")
        let overflow = try write("overflow", "65534\n")
        let changed = try write("changed", "4242\n")
        let damaged = try write("damaged", "65534x\n")
        let missing = folder.path + "/missing"
        let cases: [(uid_t, String, String, Bool)] = [
            (0, missing, missing, true),
            (65534, initial, overflow, false),
            (65534, mapped, overflow, true),
            (65534, empty, overflow, true),
            (1000, mapped, overflow, false),
            (4242, mapped, changed, true),
            (65534, mapped, changed, false),
            (65534, missing, overflow, false),
            (65534, mapped, missing, false),
            (65534, mapped, damaged, false),
        ]
        for (owner, map, overflowFile, believed) in cases {
            #expect(
                rf_nss_owner_trusted_at(owner, map, overflowFile) == believed,
                "\(owner) with \((map as NSString).lastPathComponent) and \((overflowFile as NSString).lastPathComponent)"
            )
        }
    }

    /// This test process, in the machine's own namespace: nobody's file is not root's.
    @Test func inTheInitialNamespaceTheOverflowUidIsNotBelieved() throws {
        let map = try String(contentsOfFile: "/proc/self/uid_map", encoding: .utf8)
        try #require(
            map.withCString { rf_nss_maps_every_uid($0, strlen($0)) }, "runs in the initial user namespace: \(map)")
        #expect(!rf_nss_owner_trusted_at(65534, "/proc/self/uid_map", "/proc/sys/kernel/overflowuid"))
        #expect(rf_nss_owner_trusted_at(0, "/proc/self/uid_map", "/proc/sys/kernel/overflowuid"))
    }
}
