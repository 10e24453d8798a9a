import Glibc
import RefocusCore
import SystemPackage

/// Creates a file that did not exist before, under a random name, the way
/// `mkstemp` does but with `O_CLOEXEC` and a suffix.
enum NewFile {
    /// Opens `PREFIX` + 12 random letters + `SUFFIX` with O_CREAT|O_EXCL for
    /// writing; returns the descriptor and the path. Retries name collisions.
    /// Errors name `purpose`, the file the temporary one is for.
    static func create(
        prefix: String, suffix: String, mode: mode_t,
        for purpose: String
    ) throws(SystemError) -> (fd: Int32, path: String) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let random = String((0..<12).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
            let path = prefix + random + suffix
            switch syscall({ open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode) }) {
            case .success(let fd): return (fd, path)
            case .failure(.fileExists): continue
            case .failure(let errno): throw SystemError("create a temporary file for", purpose, errno)
            }
        }
        throw SystemError("create a temporary file for", purpose, .fileExists)
    }
}
