import RefocusCore
import RefocusOS

/// Why the administrator's lists or schedules under /etc/refocus cannot be
/// used: all of them are refused together, never read in part.
public enum AdministrationError: RefocusError, Equatable {
    /// A file or folder is not safe to read (a link, not root's, writable by others, too large).
    case unsafe(RootFileRefusal)
    /// A list file has bad lines, each with its FILE:LINE and reason.
    case badLines(ListError)
    /// A file or one of its keys is invalid: `key` such as `schedule[2].when`.
    case invalid(path: String, key: String?, reason: String)

    public var category: ErrorCategory { .configuration }

    public var description: String {
        switch self {
        case let .unsafe(refusal): refusal.description
        case let .badLines(error): error.description + "\n(an administrator's list with a bad line is refused whole)"
        case let .invalid(path, key?, reason): "\(path): \(key): \(reason)"
        case let .invalid(path, nil, reason): "\(path): \(reason)"
        }
    }
}

extension AdministrationError {
    /// What `body` returns, its failures as `AdministrationError`s: a refusal
    /// as `.unsafe`, any other error as invalid `folder`.
    static func reading<Value>(_ folder: String, _ body: () throws -> Value) throws(AdministrationError) -> Value {
        do {
            return try body()
        } catch let error as RootFileRefusal {
            throw .unsafe(error)
        } catch let error as AdministrationError {
            throw error
        } catch {
            throw .invalid(path: folder, key: nil, reason: "\(error)")
        }
    }
}
