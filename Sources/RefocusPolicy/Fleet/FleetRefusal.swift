import RefocusCore

/// Why a fleet commit was refused whole: nothing of it was applied and the
/// last good state stays in force. Each names what was found and what the
/// repository's maintainer does about it.
public enum FleetRefusal: RefocusError, Equatable {
    /// The tip carries no signature, or one git could not verify with the allowed signers: git's words.
    case notVerified(commit: String, gitSays: String)
    /// A path a fleet may not write.
    case outsideManagedPaths(String)
    /// A link, a folder entry, a submodule (its mode).
    case notPlainFile(String, mode: String)
    /// A file over its kind's cap.
    case tooLarge(String, size: Int, cap: Int)
    /// The files together over the cap.
    case setTooLarge(Int, cap: Int)
    /// More files than a fleet brings.
    case tooManyFiles(Int, cap: Int)
    /// policy.toml does not read: the policy reader's words.
    case invalidPolicy(String)
    /// A blob read back with another size than its tree said.
    case sizeChanged(String)
    /// The fetch would take root's clone past its cap (bytes): a file git wrote reached it, or the whole did.
    case repositoryTooLarge(cap: Int)
    /// The tip is neither the commit in force nor a descendant of it: an older commit, or another line's.
    case rollback(commit: String, inForce: String)
    /// A list that is not UTF-8 text, or a schedule that is not TOML: why.
    case unreadable(String, reason: String)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case let .notVerified(commit, words):
            "commit \(commit.prefix(12)) is not signed by a key of the allowed signers: "
                + "\(words.isEmpty ? "git gave no reason" : words); sign it (git commit -S with a key the "
                + "allowed-signers file lists)"
        case .outsideManagedPaths(let path):
            "the commit holds '\(Self.printable(path))', which a fleet may not write (only policy.toml, "
                + "lists/NAME.domains, lists/NAME.programs and schedules.d/NAME.toml); remove it from the repository"
        case let .notPlainFile(path, mode):
            "'\(Self.printable(path))' is not a plain file (mode \(mode): a link, a submodule); "
                + "commit its contents as a file"
        case let .tooLarge(path, size, cap):
            "'\(Self.printable(path))' is \(size) bytes, over its cap of \(cap); split or shorten it"
        case let .setTooLarge(total, cap):
            "the managed files come to at least \(total) bytes, over the cap of \(cap) in all; shorten the lists"
        case let .tooManyFiles(count, cap):
            "the commit holds \(count) files, over the cap of \(cap)"
        case .invalidPolicy(let reason):
            "policy.toml does not read: \(reason); fix it in the repository"
        case let .unreadable(path, reason):
            "'\(Self.printable(path))' does not read: \(reason); fix it in the repository"
        case .repositoryTooLarge(let cap):
            "the fetch would take root's clone (/var/lib/refocus/fleet/repository.git) past its cap of "
                + "\(cap >> 20) MiB (\(cap) bytes); nothing of it was kept; keep the fleet's repository, "
                + "history included, under the cap (policy and lists only, no large files)"
        case let .rollback(commit, inForce):
            "commit \(commit.prefix(12)) is not a descendant of the commit in force, \(inForce.prefix(12)): "
                + "an older policy served again, or a rewritten branch; if that is meant, pull once with "
                + "'refocus-helper fleet pull --allow-rollback'"
        case .sizeChanged(let path):
            "'\(Self.printable(path))' read back with another size than its tree said"
        }
    }

    /// `path` with control characters shown as `?`, at most 200 characters.
    static func printable(_ path: String) -> String {
        String(
            String(path.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }).prefix(200))
    }
}
