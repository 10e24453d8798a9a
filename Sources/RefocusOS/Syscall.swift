import RefocusCore
import Glibc
import SystemPackage

/// The one place that reads `errno`: runs a raw call, retries it while it
/// fails with EINTR, and turns `-1` into the `Errno` it set.
@inline(__always)
package func syscall<T: FixedWidthInteger>(_ call: () -> T) -> Result<T, Errno> {
    while true {
        let value = call()
        if value != -1 { return .success(value) }
        let error = Errno(rawValue: errno)
        if error != .interrupted { return .failure(error) }
    }
}

/// An operating-system failure on a path, reported with the path, what was
/// being done and the system's reason.
public struct SystemError: RefocusError, Equatable {
    /// What was being done: "write", "rename", "read".
    public let operation: String
    /// The path concerned.
    public let path: String
    /// The system's error.
    public let errno: Errno

    /// Makes an error for `operation` on `path`.
    public init(_ operation: String, _ path: String, _ errno: Errno) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    public var category: ErrorCategory {
        switch errno {
        case .permissionDenied, .notPermitted, .readOnlyFileSystem: .notPermitted
        case .resourceBusy, .resourceTemporarilyUnavailable: .busy
        default: .system
        }
    }

    public var description: String {
        "cannot \(operation) \(path): \(errno.description)" + hint
    }

    private var hint: String {
        switch errno {
        case .permissionDenied, .notPermitted: "; check the file's owner and permissions"
        case .noSpace: "; free some disk space and try again"
        case .readOnlyFileSystem: "; the file system is mounted read-only"
        default: ""
        }
    }
}

extension Result where Failure == Errno {
    /// The value, or a `SystemError` naming the operation and path.
    @discardableResult
    package func get(_ operation: String, _ path: String) throws(SystemError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let errno): throw SystemError(operation, path, errno)
        }
    }
}

/// The same for a C call that returns a pointer: retries it while it fails
/// with EINTR and turns `nil` into the `Errno` it set (`mnl_socket_open`).
@inline(__always)
package func syscall<T>(returningPointer call: () -> T?) -> Result<T, Errno> {
    while true {
        if let value = call() { return .success(value) }
        let error = Errno(rawValue: errno)
        if error != .interrupted { return .failure(error) }
    }
}
