import CLinux
import Glibc
import SystemPackage

/// Reads, as root, a small file in a folder a user controls (a process's
/// root through /proc/PID/root), without ever waiting on that user: a FIFO
/// there would park a blocking open until someone writes to it, a lease
/// would hold an open for 45 s, a FUSE file would wait on its server for
/// as long as the user likes, and a huge file would take memory.
///
/// So the name is one path component, looked up with `O_PATH|O_NOFOLLOW`
/// (nothing is opened yet, no symbolic link followed) in a folder whose
/// filesystem, and then the file's, is one the kernel serves itself
/// (`MountTypes.servedByTheKernel`: never FUSE or an overlay); it must be a
/// regular file no larger than the limit, and only then is it opened
/// through that very descriptor with `O_NONBLOCK` and read, up to the limit.
public enum UntrustedFile {
    /// Why a file was not read.
    public enum Refusal: Error, Equatable, Sendable {
        /// There is no such file.
        case missing
        /// The name is not a single path component.
        case badName
        /// The folder or the file lies on a filesystem a process may answer for (FUSE, an overlay, unknown).
        case notServedByTheKernel
        /// It is not a regular file (a FIFO, a device, a socket, a folder, a symbolic link).
        case notRegular
        /// It holds more than the limit.
        case tooLarge
        /// The system refused a step.
        case failed(Errno)
    }

    /// The bytes of the regular file `name` in `folder` (a descriptor, an
    /// `O_PATH` one will do), at most `limit` of them, where `mounts` knows the
    /// filesystems of both.
    public static func read(
        _ name: String, in folder: Int32, mounts: MountTypes,
        limit: Int
    ) -> Result<[UInt8], Refusal> {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else { return .failure(.badName) }
        guard mounts.isServedByTheKernel(folder) else { return .failure(.notServedByTheKernel) }
        let path: Int32
        switch syscall({ openat(folder, name, refocus_o_path | O_NOFOLLOW | O_CLOEXEC) }) {
        case .success(let opened): path = opened
        case .failure(.noSuchFileOrDirectory): return .failure(.missing)
        case .failure(let errno): return .failure(.failed(errno))
        }
        defer { close(path) }
        // The file may be a mount of its own (Flatpak binds /.flatpak-info): its filesystem is checked too.
        guard mounts.isServedByTheKernel(path) else { return .failure(.notServedByTheKernel) }
        var status = stat()
        if case .failure(let errno) = syscall({ fstat(path, &status) }) { return .failure(.failed(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard status.st_size <= limit else { return .failure(.tooLarge) }
        // Opened through the descriptor already checked, not by name again: the user cannot swap it meanwhile.
        let file: Int32
        switch syscall({ open("/proc/self/fd/\(path)", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }) {
        case .success(let opened): file = opened
        case .failure(let errno): return .failure(.failed(errno))
        }
        defer { close(file) }
        return readAll(file, limit: limit)
    }

    /// The status of what `path` (relative, through folders) names below
    /// `folder`, following symbolic links only while they stay on `folder`'s
    /// own mount (`RESOLVE_NO_XDEV`), when that mount is one the kernel
    /// serves: no step of the lookup can reach a FUSE server or an overlay.
    /// Nil when it cannot be found so (missing, on another mount).
    public static func status(of path: String, below folder: Int32, mounts: MountTypes) -> stat? {
        guard !path.hasPrefix("/"), mounts.isServedByTheKernel(folder) else { return nil }
        let resolve = UInt64(RESOLVE_NO_XDEV | RESOLVE_NO_MAGICLINKS)
        guard
            case .success(let found) = syscall({
                Int32(truncatingIfNeeded: refocus_openat2(folder, path, UInt64(refocus_o_path | O_CLOEXEC), resolve))
            })
        else { return nil }
        defer { close(found) }
        var status = stat()
        guard case .success = syscall({ fstat(found, &status) }) else { return nil }
        return status
    }

    /// Everything `file` holds, when that is at most `limit` bytes.
    private static func readAll(_ file: Int32, limit: Int) -> Result<[UInt8], Refusal> {
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let read = bytes.withUnsafeMutableBytes { raw in
                syscall { Glibc.read(file, raw.baseAddress.map { $0 + count }, limit + 1 - count) }
            }
            switch read {
            case .success(0): return .success(Array(bytes[..<count]))
            case .success(let read): count += read
            case .failure(let errno): return .failure(.failed(errno))
            }
        }
        return .failure(.tooLarge)
    }
}
