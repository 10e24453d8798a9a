import RefocusCore

/// Why a file or folder the administrator keeps under /etc/refocus was not
/// read: each names the path and the fix.
public enum RootFileRefusal: RefocusError, Equatable {
    /// It is a symbolic link (ReFocus reads the file itself, never where a link points).
    case symbolicLink(path: String)
    /// It is not a regular file (a folder where a file should be, a FIFO, a device), or not a folder.
    case wrongType(path: String, expected: String)
    /// It belongs to another user than root.
    case notOwnedByRoot(path: String, uid: UInt32)
    /// Its group or others may write it.
    case writableByOthers(path: String, mode: UInt32)
    /// It holds more than the cap.
    case tooLarge(path: String, limit: Int)
    /// It is not UTF-8 text.
    case notText(path: String)
    /// The system refused a step.
    case failed(SystemError)

    public var category: ErrorCategory { .configuration }

    public var description: String {
        switch self {
        case let .symbolicLink(path):
            "\(path) is a symbolic link; put the file itself there (under /etc/refocus ReFocus follows only "
                + "root's relative links from a folder's place to a folder below its parent, as a fleet's pull makes)"
        case let .wrongType(path, expected):
            "\(path) is not \(expected); put \(expected) there"
        case let .notOwnedByRoot(path, uid):
            "\(path) belongs to uid \(uid), not root; give it to root: chown root:root '\(path)'"
        case let .writableByOthers(path, mode):
            "\(path) may be written by its group or others (mode 0\(String(mode, radix: 8))); "
                + "let root alone write it: chmod go-w '\(path)' (644 for a file, 755 for a folder)"
        case let .tooLarge(path, limit):
            "\(path) holds more than \(limit >> 20) MiB; split it into smaller files"
        case let .notText(path):
            "\(path) is not UTF-8 text; save it as UTF-8"
        case let .failed(error):
            error.description
        }
    }
}
