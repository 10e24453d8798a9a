import CLinux
import Glibc
import RefocusCore
import SystemPackage

/// Copies a file's extended attributes (`security.selinux`, `user.*`, …)
/// to another file, so that replacing a file keeps its labels.
enum ExtendedAttributes {
    /// Copies every attribute of `path` to the open file `fd`. A file system
    /// without extended attributes has none to copy.
    static func copy(from path: String, to fd: Int32, describing target: String) throws(SystemError) {
        for name in try names(of: path) {
            guard let value = try value(of: name, at: path) else { continue }
            let result = syscall { value.withUnsafeBytes { fsetxattr(fd, name, $0.baseAddress, $0.count, 0) } }
            if case .failure(let errno) = result, errno != .notSupported {
                throw SystemError("copy the attribute \(name) to", target, errno)
            }
        }
    }

    private static func names(of path: String) throws(SystemError) -> [String] {
        while true {
            let size: Int
            switch syscall({ listxattr(path, nil, 0) }) {
            case .success(let needed): size = needed
            case .failure(.notSupported): return []
            case .failure(let errno): throw SystemError("list the attributes of", path, errno)
            }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            switch syscall({ listxattr(path, &buffer, size) }) {
            case .success(let count):
                return buffer[..<count].split(separator: 0).map {
                    String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
            case .failure(.outOfRange): continue  // attributes added meanwhile: ask again
            case .failure(let errno): throw SystemError("list the attributes of", path, errno)
            }
        }
    }

    private static func value(of name: String, at path: String) throws(SystemError) -> [UInt8]? {
        while true {
            let size: Int
            switch syscall({ getxattr(path, name, nil, 0) }) {
            case .success(let needed): size = needed
            case .failure(.noData): return nil  // removed meanwhile
            case .failure(let errno): throw SystemError("read the attribute \(name) of", path, errno)
            }
            var buffer = [UInt8](repeating: 0, count: size)
            switch syscall({ buffer.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, size) } }) {
            case .success(let count): return Array(buffer[..<count])
            case .failure(.outOfRange): continue
            case .failure(let errno): throw SystemError("read the attribute \(name) of", path, errno)
            }
        }
    }
}
