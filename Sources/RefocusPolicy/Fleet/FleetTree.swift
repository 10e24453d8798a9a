import RefocusCore
import RefocusOS

/// The files a fleet commit may bring, chosen from its tree as `git ls-tree
/// -r -l` lists it, before any blob is read: `policy.toml`,
/// `lists/NAME.domains`, `lists/NAME.programs` and `schedules.d/NAME.toml`,
/// each a plain file within its cap. Anything else in the tree (another
/// path, a link, a submodule, a name with `..`, a file over its cap, a set
/// over 64 MiB) refuses the whole commit: a repository either describes
/// the managed files and nothing else, or nothing of it is applied.
public enum FleetTree {
    /// The largest policy.toml, in bytes.
    public static let policyCap = 1 << 20
    /// The largest list (`lists/NAME.domains` or `.programs`), in bytes.
    public static let listCap = 8 << 20
    /// The largest schedule, in bytes.
    public static let scheduleCap = 1 << 20
    /// The most the files of one commit may hold together, in bytes.
    public static let totalCap = 64 << 20
    /// The most files a commit may bring.
    public static let fileCap = 4096

    /// The kinds of file a fleet manages, with the folder each lives in.
    public enum Kind: String, Sendable, Equatable {
        /// `policy.toml`.
        case policy
        /// `lists/NAME.domains`.
        case domains
        /// `lists/NAME.programs`.
        case programs
        /// `schedules.d/NAME.toml`.
        case schedule

        /// The largest file of this kind.
        public var cap: Int {
            switch self {
            case .policy: FleetTree.policyCap
            case .domains, .programs: FleetTree.listCap
            case .schedule: FleetTree.scheduleCap
            }
        }
    }

    /// One file to read: its path in the tree (and under /etc/refocus), its blob, its size, its kind.
    public struct File: Equatable, Sendable {
        /// Its path in the tree, the same under /etc/refocus.
        public let path: String
        /// Its blob's id.
        public let object: String
        /// Its size as the tree lists it.
        public let size: Int
        /// What it is.
        public let kind: Kind
    }

    /// The files of `entries` to read, or the first reason to refuse the commit.
    public static func files(_ entries: [GitTreeEntry]) throws(FleetRefusal) -> [File] {
        guard entries.count <= fileCap else { throw .tooManyFiles(entries.count, cap: fileCap) }
        var files: [File] = []
        var total = 0
        for entry in entries {
            guard let kind = kind(of: entry.path) else { throw .outsideManagedPaths(entry.path) }
            guard entry.isFile, entry.object.utf8.allSatisfy(\.isHexDigit) else {
                throw .notPlainFile(entry.path, mode: entry.mode)
            }
            guard let size = entry.size else { throw .notPlainFile(entry.path, mode: entry.mode) }
            guard size <= kind.cap else { throw .tooLarge(entry.path, size: size, cap: kind.cap) }
            total += size
            guard total <= totalCap else { throw .setTooLarge(total, cap: totalCap) }
            files.append(File(path: entry.path, object: entry.object, size: size, kind: kind))
        }
        return files
    }

    /// The kind of file `path` names, or nil for a path a fleet may not write.
    public static func kind(of path: String) -> Kind? {
        if path == "policy.toml" { return .policy }
        let steps = path.split(separator: "/", omittingEmptySubsequences: false)
        guard steps.count == 2 else { return nil }
        let folder = steps[0], name = String(steps[1])
        for (suffix, kind, inFolder) in [
            (".domains", Kind.domains, "lists"), (".programs", .programs, "lists"), (".toml", .schedule, "schedules.d"),
        ] where folder == inFolder && name.hasSuffix(suffix) {
            return isPlainName(String(name.dropLast(suffix.count))) ? kind : nil
        }
        return nil
    }

    /// Whether `stem` is a name a file of a managed folder may have: letters, digits, `-` and `_`, not
    /// starting with `-`, at most 64 bytes (no dots, so no `..`, no hidden files).
    static func isPlainName(_ stem: String) -> Bool {
        !stem.isEmpty && stem.utf8.count <= 64 && !stem.hasPrefix("-")
            && stem.utf8.allSatisfy { $0.isLetterOrDigit || $0 == 0x2D || $0 == 0x5F }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x61...0x66).contains(self) }
    fileprivate var isLetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
