import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusOS
import Testing

/// Reading processes from /proc: the parsers on written text, and this
/// test's own process for real (no root needed to read one's own).
@Suite struct ProcFieldsTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func uidsFromStatus() {
        let status =
            "Name:\tsleep\nUmask:\t0022\nState:\tS (sleeping)\nUid:\t1000\t0\t1001\t1000\nGid:\t1000\t1000\t1000\t1000\n"
        let uids = ProcFields.uids(status: Self.bytes(status))
        #expect(uids?.real == 1000 && uids?.effective == 0 && uids?.saved == 1001)
        #expect(ProcFields.uids(status: Self.bytes("Name:\tx\nUid:\t1000\n")) == nil)
        #expect(ProcFields.uids(status: Self.bytes("Name:\tx\n")) == nil)
    }

    @Test func commAndStartTimeFromStat() {
        // A comm with spaces and parentheses: it ends at the last ')'.
        let stat =
            "4242 (a) b (c) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 8192 100 "
            + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n"
        let fields = ProcFields.commAndStartTime(stat: Self.bytes(stat))
        #expect(fields?.comm == Self.bytes("a) b (c"))
        #expect(fields?.startTime == 987_654)
        #expect(!ProcFields.isDead(stat: Self.bytes(stat)))
        #expect(ProcFields.isDead(stat: Self.bytes("1 (x) Z 0 0")))
        #expect(ProcFields.commAndStartTime(stat: Self.bytes("1 (x) S 1 2 3")) == nil)
    }

    @Test func argv0AndExecutable() {
        #expect(ProcFields.argv0(cmdline: Self.bytes("/usr/bin/discord\0--flag\0")) == Self.bytes("/usr/bin/discord"))
        #expect(ProcFields.argv0(cmdline: Self.bytes("\0")) == [])
        #expect(ProcFields.argv0(cmdline: []) == nil)
        #expect(ProcFields.executable(link: Self.bytes("/tmp/steam (deleted)")) == Self.bytes("/tmp/steam"))
        #expect(ProcFields.executable(link: Self.bytes("/usr/bin/steam")) == Self.bytes("/usr/bin/steam"))
    }

    @Test func readsThisProcess() throws {
        let me = try #require(ProcessSnapshot.read(pid: getpid()))
        #expect(me.identity.uid == getuid() && me.identity.effectiveUID == geteuid())
        #expect(me.startTime > 0)
        var exe = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &exe, exe.count)
        #expect(me.identity.executable == exe[..<max(length, 0)].map { UInt8(bitPattern: $0) })
        #expect(ProcessSnapshot.read(pid: getpid(), wanted: { _ in false }) == nil)
        #expect(ProcFile.processIDs().contains(getpid()))
        #expect(ProcessSnapshot.scan(wanted: { $0 == getuid() }).contains { $0.pid == getpid() })
    }

    @Test func kernelThreadsAndMissingProcessesAreSkipped() {
        // kthreadd is pid 2 in the initial PID namespace: a kernel thread has no executable.
        if (try? FileReader.readIfPresent("/proc/2/comm")) == Array("kthreadd\n".utf8) {
            #expect(ProcessSnapshot.read(pid: 2) == nil)
        }
        #expect(ProcessSnapshot.read(pid: Int32.max) == nil)
    }
}
