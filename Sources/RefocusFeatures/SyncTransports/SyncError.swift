import RefocusCore
import RefocusOS

/// Why list sync cannot run or finish.
public enum SyncError: RefocusError, Equatable {
    /// The shared folder is not there (an unmounted share, a typo).
    case folderMissing(String)
    /// Another sync of this user holds the lock past the deadline.
    case busy(String)
    /// The remote kept moving on: every push of the bounded retries raced.
    case raced(attempts: Int)
    /// Sync is not set up.
    case notConfigured

    public var category: ErrorCategory {
        switch self {
        case .folderMissing: .notFound
        case .busy, .raced: .busy
        case .notConfigured: .configuration
        }
    }

    public var description: String {
        switch self {
        case let .folderMissing(path):
            "the sync folder \(path) is not there (is the share mounted?); nothing was changed; "
                + "create it, or point sync elsewhere with 'refocus sync init --dir PATH'"
        case let .busy(path):
            "another 'refocus sync' is running (it holds \(path)); try again in a moment"
        case let .raced(attempts):
            "the remote changed during each of \(attempts) attempts; nothing was lost; run 'refocus sync' again"
        case .notConfigured:
            "sync is not set up; set it up with 'refocus sync init --dir PATH' or 'refocus sync init --git URL'"
        }
    }
}
