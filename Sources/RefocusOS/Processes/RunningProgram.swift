import Glibc
import RefocusCore
import SystemPackage

/// This process's own executable, for writing lines that run it again later
/// from an environment that has no PATH of the user's (cron).
public enum RunningProgram {
    /// The absolute path of this process's executable, from /proc/self/exe
    /// (symbolic links resolved). When the file was replaced since it
    /// started (an upgrade), the kernel appends ` (deleted)`: the path is
    /// still good when a program is there again.
    ///
    /// - Throws: `SystemError` when /proc/self/exe cannot be read.
    public static func path() throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = try syscall { readlink("/proc/self/exe", &buffer, buffer.count - 1) }.get("read", "/proc/self/exe")
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let deleted = " (deleted)"
        if path.hasSuffix(deleted) {
            let replaced = String(path.dropLast(deleted.count))
            if access(replaced, X_OK) == 0 { return replaced }
        }
        return path
    }

    /// The program `name` in this executable's folder (`refocus ui` runs `refocus-ui`, which runs `refocus`).
    public static func sibling(_ name: String) throws(SystemError) -> String {
        let path = try path()
        return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/" + name
    }
}
