import CLinux
import Glibc
import RefocusCore
import SystemPackage

/// A private network namespace for benchmarks and checks that change
/// nftables: inside it the host's ruleset is out of reach.
public enum NetworkNamespace {
    /// Moves the calling thread into a new, empty network namespace
    /// (`unshare(CLONE_NEWNET)`) and brings its loopback interface up;
    /// threads it starts later are in it too. Foundation needs loopback:
    /// `Process` never learns that its child exited without it.
    ///
    /// Call it first thing in `main`, while the process has one thread:
    /// threads that already exist stay in the old namespace, so this throws
    /// `.busy` when there is more than one. Needs CAP_SYS_ADMIN (root):
    /// throws `SystemError` with EPERM otherwise.
    public static func enterPrivate() throws(SystemError) {
        guard threadCount() == 1 else {
            throw SystemError("unshare the network namespace of", "a process with several threads", .resourceBusy)
        }
        try syscall { unshareNamespaces(cloneNewNet) }.get("unshare the network namespace of", "this process")
        try bringLoopbackUp()
    }

    /// Sets IFF_UP on `lo` (SIOCGIFFLAGS, SIOCSIFFLAGS); needs CAP_NET_ADMIN.
    private static func bringLoopbackUp() throws(SystemError) {
        let descriptor = try syscall { socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
            .get("open a socket to configure", "lo")
        defer { close(descriptor) }
        var request = ifreq()
        withUnsafeMutableBytes(of: &request.ifr_ifrn.ifrn_name) { name in name.copyBytes(from: "lo".utf8) }
        try syscall { ioctl(descriptor, UInt(SIOCGIFFLAGS), &request) }.get("read the flags of", "lo")
        request.ifr_ifru.ifru_flags |= Int16(IFF_UP)
        try syscall { ioctl(descriptor, UInt(SIOCSIFFLAGS), &request) }.get("bring up", "lo")
    }

    /// The number of threads of this process, from /proc/self/status; 0 when unreadable.
    private static func threadCount() -> Int {
        guard let bytes = try? FileReader.readIfPresent("/proc/self/status", limit: 1 << 20) else { return 0 }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst("Threads:".count).filter { $0 != " " && $0 != "\t" }) ?? 0
        }
        return 0
    }
}

/// CLONE_NEWNET from <linux/sched.h>.
private let cloneNewNet: Int32 = 0x4000_0000

/// glibc's `unshare(2)`, declared here because Glibc's Swift module leaves it
/// out (it needs _GNU_SOURCE).
@_silgen_name("unshare")
private func unshareNamespaces(_ flags: Int32) -> Int32
