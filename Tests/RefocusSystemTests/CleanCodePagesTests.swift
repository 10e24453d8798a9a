import Foundation
import Testing

@testable import RefocusSystem

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
        #expect(mappings[0] == CleanCodePages.Mapping(start: 0x55d0_c000_0000, end: 0x55d0_c010_0000,
                                                      permissions: Array("r-xp".utf8), isFile: true,
                                                      residentKiB: 800, anonymousKiB: 0))
        // Code and a clean read-only file mapping; never relocated data (a private copy), a
        // writable mapping, anonymous memory, the vdso, or a mapping whose copies are unknown.
        #expect(mappings.map(\.isReleasable) == [true, false, false, false, true, false, false])
    }

    @Test func releasingInThisProcessKeepsItRunning() throws {
        let released = CleanCodePages.release()
        #expect(released.mappings > 0)
        #expect(released.kibibytes > 0)
        // Code runs again from the page cache: Foundation, the runtime and this test's own.
        let encoded = try JSONEncoder().encode(["released": released.mappings])
        let decoded = try JSONDecoder().decode([String: Int].self, from: encoded)
        #expect(decoded["released"] == released.mappings)
    }
}
