import Foundation
import Glibc
import Testing

@testable import RefocusEnforcement
import RefocusOS
import RefocusTestSupport

/// Releasing clean code pages: which mappings qualify, on written smaps
/// text, and a real release in this test process, which must go on running.
@Suite struct CleanCodePagesTests {
    static let smaps = """
        55d0c0000000-55d0c0100000 r-xp 00001000 fe:01 1234    /usr/bin/tool
        Size:               1024 kB
        Rss:                 800 kB
        Anonymous:             0 kB
        VmFlags: rd ex mr mw me dw
        55d0c0100000-55d0c0110000 r--p 00101000 fe:01 1234    /usr/bin/tool
        Rss:                  64 kB
        Anonymous:            64 kB
        55d0c0110000-55d0c0120000 rw-p 00111000 fe:01 1234    /usr/bin/tool
        Rss:                  64 kB
        Anonymous:             0 kB
        55d0c0120000-55d0c0130000 r--p 00000000 00:00 0 
        Rss:                  64 kB
        Anonymous:            64 kB
        7f0000000000-7f0000010000 r--p 00000000 fe:01 99      /usr/lib/libdata.so (deleted)
        Rss:                  12 kB
        Anonymous:             0 kB
        7ffc00000000-7ffc00002000 r-xp 00000000 00:00 0       [vdso]
        Rss:                   8 kB
        Anonymous:             0 kB
        7ffd00000000-7ffd00001000 r-xp 00000000 fe:01 5       /usr/lib/liblost.so
        Rss:                   4 kB

        """

    @Test func onlyCleanReadOnlyFileMappingsQualify() {
        let mappings = CleanCodePages.mappings(in: Array(Self.smaps.utf8))
        #expect(mappings.count == 7)
        #expect(
            mappings[0]
                == CleanCodePages.Mapping(
                    start: 0x55d0_c000_0000, end: 0x55d0_c010_0000,
                    permissions: Array("r-xp".utf8), isFile: true,
                    residentKiB: 800, anonymousKiB: 0))
        // Code and a clean read-only file mapping; never relocated data (a private copy), a
        // writable mapping, anonymous memory, the vdso, or a mapping whose copies are unknown.
        #expect(mappings.map(\.isReleasable) == [true, false, false, false, true, false, false])
    }

    @Test func releasingInThisProcessDropsCleanPagesWhichComeBackIntact() throws {
        // A read-only file mapping of this test's own, fully resident: nobody else touches it.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/pages"
        let bytes = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let base = try #require(mmap(nil, bytes.count, PROT_READ, MAP_PRIVATE, fd, 0))
        #expect(base != MAP_FAILED)
        defer { munmap(base, bytes.count) }
        let view = UnsafeRawBufferPointer(start: base, count: bytes.count)
        var sum = 0
        for offset in stride(from: 0, to: bytes.count, by: 4096) { sum &+= Int(view[offset]) }
        let start = UInt(bitPattern: base)
        let ours = { () -> CleanCodePages.Mapping? in
            let smaps = ProcFile.read(pid: getpid(), "smaps", limit: 8 << 20) ?? []
            return CleanCodePages.mappings(in: smaps).first { $0.start == start }
        }
        let before = try #require(ours())
        #expect(before.isReleasable)
        #expect(before.residentKiB == 4096, "every page was touched: \(before)")

        let released = CleanCodePages.release()
        #expect(released.kibibytes >= 4096, "ours and the code of this process: \(released)")
        #expect(try #require(ours()).residentKiB == 0, "dropped")
        // Read again: from the page cache, the same bytes.
        #expect(view.elementsEqual(bytes))
        #expect(try #require(ours()).residentKiB == 4096)
        #expect(sum > 0)
    }
}
