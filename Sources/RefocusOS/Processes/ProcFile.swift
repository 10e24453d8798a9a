import Glibc
import SystemPackage

/// Reads the files of /proc/PID with as few system calls as possible: the
/// exec path of the program blocker reads four of them per exec.
///
/// Each file is opened by path, so two files of one pid may describe two
/// processes if the pid is reused in between; `ProcessKiller` rules that out
/// by checking, after reading, that the pidfd it opened before is still alive.
public enum ProcFile {
    /// The first `limit` bytes of /proc/`pid`/`name`, read in 4 KiB pieces
    /// until the end, or until a piece holds `terminator`; with `singleRead`,
    /// one read only (/proc/PID/stat and status come whole in one read, and
    /// what matters in them is in their first 4 KiB). Nil when it cannot be read.
    ///
    /// Only the kernel's own files: a name through the process's `root/` or
    /// `cwd/` (a folder its user controls) is refused, as those are read
    /// with `UntrustedFile`. Opened with `O_NONBLOCK|O_NOFOLLOW`.
    public static func read(
        pid: Int32, _ name: String, limit: Int = 4096, stoppingAt terminator: UInt8? = nil,
        singleRead: Bool = false
    ) -> [UInt8]? {
        guard !name.hasPrefix("root"), !name.hasPrefix("cwd"), !name.contains("..") else { return nil }
        let flags = O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC
        guard case .success(let file) = syscall({ open("/proc/\(pid)/\(name)", flags) }) else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        while bytes.count < limit {
            let start = bytes.count
            let piece = min(4096, limit - start)
            bytes.append(contentsOf: repeatElement(0, count: piece))
            let count = bytes.withUnsafeMutableBytes { raw in
                syscall { Glibc.read(file, raw.baseAddress.map { $0 + start }, piece) }
            }
            guard case .success(let read) = count else { return nil }
            bytes.removeLast(piece - read)
            if read == 0 || singleRead || terminator.map({ bytes[start...].contains($0) }) == true { break }
        }
        return bytes
    }

    /// The target of the symbolic link /proc/`pid`/`name`; nil when it cannot be read (a kernel thread has no `exe`).
    public static func link(pid: Int32, _ name: String) -> [UInt8]? {
        var characters = [CChar](repeating: 0, count: Int(PATH_MAX) + 16)
        let capacity = characters.count
        guard case .success(let length) = syscall({ readlink("/proc/\(pid)/\(name)", &characters, capacity) }),
            length < capacity
        else { return nil }
        return characters[..<length].map { UInt8(bitPattern: $0) }
    }

    /// The ids of the processes in /proc now, sorted.
    public static func processIDs() -> [Int32] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var pids: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let pid = Int32(name), pid > 0 { pids.append(pid) }
        }
        return pids.sorted()
    }
}
