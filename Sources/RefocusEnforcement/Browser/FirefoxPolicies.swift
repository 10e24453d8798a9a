import Glibc
import RefocusCore
import RefocusOS
import RefocusPlanning

/// Firefox's enterprise policy file, `/etc/firefox/policies/policies.json`,
/// holding ReFocus's `FirefoxPolicy` merged into the administrator's own
/// (`FirefoxPolicyMerge`) while something is blocked, and the
/// administrator's file restored byte for byte (or removed, if there was
/// none) when nothing is.
///
/// One file serves every build: Firefox reads `<SysConfD>/policies/policies.json`
/// (EnterprisePoliciesParent.sys.mjs), SysConfD being `/etc/` and the
/// lower-cased application name, `Firefox` in Mozilla's builds, Debian's
/// firefox-esr (its application.ini) and the snap alike. Only when that
/// file is absent does Firefox read `distribution/policies.json` in its
/// install folder, so while ReFocus's file exists that one is not read:
/// where there is no file in /etc, the policy is merged into the first
/// `distributionFiles` that exists (that file itself is never changed),
/// and the file in /etc is removed after the session as before.
///
/// Before the first write the administrator's bytes (or their absence) are
/// saved (`original`, root-only, atomic, with the file's mode and owner in
/// `originalOwner`), and the bytes about to be written
/// are saved (`written`) before the file is: a crash at any instant leaves
/// enough to restore, and the temporary files it may leave are removed by
/// the next apply. A file that differs from `written` at the next apply
/// was edited by the administrator: the edit, with ReFocus's parts taken
/// out, becomes the new original and the policy is merged into it again; a
/// deleted file is merged again from the saved original. A file that is not
/// JSON (or has the wrong shape) is never overwritten: a problem names it
/// and the line. Firefox is looked for by `probes`; no Firefox, no file.
/// Needs root for the real paths.
public struct FirefoxPolicies: Sendable {
    /// What `apply` did.
    public struct Outcome: Sendable, Equatable {
        /// Whether the file was written, restored or removed.
        public var changed = false
        /// Whether the file holds the policy now.
        public var holding = false
        /// Patterns over Firefox's limit, left to /etc/hosts and the firewall.
        public var leftOut = 0
        /// What failed, a line each; the other layers still apply.
        public var problems: [String] = []
    }

    /// The file's name in its folder.
    public static let fileName = "policies.json"
    /// The file Firefox reads.
    public static let policyFile = FirefoxInstall.systemFile
    /// Executables of Firefox's packages (Mozilla's tarball in /opt, Debian's
    /// firefox-esr and firefox, the snap); one present means installed.
    public static let knownProbes = [
        "/usr/lib/firefox-esr/firefox-esr", "/usr/lib/firefox/firefox",
        "/snap/bin/firefox", "/opt/firefox/firefox",
    ]

    /// The install folders' policy files, read by Firefox only when /etc has none.
    public static let distributionFiles = [
        "/usr/lib/firefox-esr/distribution/policies.json",
        "/usr/lib/firefox/distribution/policies.json",
        "/opt/firefox/distribution/policies.json",
    ]

    /// Prefixed to every path (`""`: the system; a temporary folder in tests).
    public let root: String
    /// The executables looked for.
    public let probes: [String]

    /// The policy file under `root`.
    public var file: String { root + Self.policyFile }
    /// Where the administrator's original bytes are kept: `present\n` or `absent\n`, then the bytes.
    public var original: String { root + "/var/lib/refocus/firefox/original" }
    /// The original file's mode, owner and group (`0640 0 0`), put back with its bytes.
    public var originalOwner: String { root + "/var/lib/refocus/firefox/original-owner" }
    /// The bytes last written into `file`.
    public var written: String { root + "/var/lib/refocus/firefox/written" }
    private var folders: CreatedFolders {
        CreatedFolders(root: root, record: root + "/var/lib/refocus/firefox/folders")
    }

    /// The policy file under `root`, for a Firefox found by `probes`.
    public init(root: String = "", probes: [String] = knownProbes) {
        self.root = root
        self.probes = probes
    }

    /// Whether Firefox is installed: one of its probes exists.
    public func isInstalled() -> Bool {
        probes.contains { probe in
            var status = stat()
            return stat(root + probe, &status) == 0
        }
    }

    /// The policy folder, if it exists and Firefox is installed: the one to watch.
    public func existingFolder() -> String? {
        let folder = AtomicFile.parentDirectory(of: file)
        var status = stat()
        return isInstalled() && stat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR ? folder : nil
    }

    /// Makes the file hold `policy` merged into the administrator's, or
    /// restores the administrator's for nil (or an empty policy). Never throws: what fails is a problem.
    @discardableResult
    public func apply(_ policy: FirefoxPolicy?) -> Outcome {
        var outcome = Outcome()
        do throws(SystemError) {
            if let policy, !policy.isEmpty, isInstalled() {
                try merge(policy, into: &outcome)
            } else {
                try restore(into: &outcome)
            }
        } catch {
            outcome.problems.append(
                "the Firefox policy \(file) was not \(policy == nil ? "restored" : "written"): \(error)")
        }
        return outcome
    }

    private func merge(_ policy: FirefoxPolicy, into outcome: inout Outcome) throws(SystemError) {
        let disk = try readFile()
        var saved = try readOriginal()
        if saved == nil {
            try saveOriginal(disk)
            saved = .some(disk)
        } else if let disk, let last = try FileReader.readIfPresent(written), disk != last {
            // The administrator's edit: theirs, without our parts, is the new original.
            guard let edited = unmerged(disk, written: last, original: saved ?? nil, outcome: &outcome) else { return }
            try saveOriginal(edited)
            saved = .some(edited)
        }
        let merged: FirefoxPolicyMerge.Merged
        do {
            merged = try FirefoxPolicyMerge.merge(policy, into: (saved ?? nil) ?? distributionBase())
        } catch {
            outcome.problems.append("\(file) is left as it is, without the Firefox policy: \(error)")
            return
        }
        outcome.leftOut = merged.leftOut
        outcome.holding = true
        if disk == merged.bytes, try FileReader.readIfPresent(written) == merged.bytes { return }
        removeLeftovers()
        try Directories.create(AtomicFile.parentDirectory(of: written), mode: 0o700)
        try AtomicFile.write(merged.bytes, to: written, mode: 0o600)
        if disk == merged.bytes { return }
        try folders.create(AtomicFile.parentDirectory(of: file))
        try AtomicFile.write(merged.bytes, to: file, mode: 0o644)
        outcome.changed = true
    }

    private func restore(into outcome: inout Outcome) throws(SystemError) {
        if let saved = try readOriginal() {
            removeLeftovers()
            let disk = try readFile()
            let last = try FileReader.readIfPresent(written)
            var target = saved
            if let disk, let last, disk != last {
                // Edited since our write: keep the edit, take out only our parts.
                target = unmerged(disk, written: last, original: saved, outcome: &outcome) ?? disk
            } else if let disk, last == nil {
                target = disk  // Our write never happened: the file is the administrator's.
            }
            if disk != target {
                if let target { try write(target) } else { try removeFile() }
                outcome.changed = true
            }
            if target != nil { try restoreOwner() }
            for path in [written, original, originalOwner] {
                if case .failure(let errno) = syscall({ unlink(path) }), errno != .noSuchFileOrDirectory {
                    throw SystemError("remove", path, errno)
                }
            }
        }
        outcome.problems += folders.removeEmpty()
    }

    private func unmerged(
        _ disk: [UInt8], written last: [UInt8], original: [UInt8]?,
        outcome: inout Outcome
    ) -> [UInt8]? {
        do {
            return try FirefoxPolicyMerge.unmerge(disk, written: last, original: original)
        } catch {
            outcome.problems.append("\(file) was edited and is left as it is: \(error)")
            return disk
        }
    }

    /// The first install folder's policy file that exists, what Firefox reads without ours.
    private func distributionBase() throws(SystemError) -> [UInt8]? {
        for path in Self.distributionFiles {
            if let bytes = try FileReader.readIfPresent(root + path, limit: 1 << 20) { return bytes }
        }
        return nil
    }

    private func readFile() throws(SystemError) -> [UInt8]? {
        try FileReader.readIfPresent(file, limit: 1 << 20)
    }

    private func removeFile() throws(SystemError) {
        if case .failure(let errno) = syscall({ unlink(file) }), errno != .noSuchFileOrDirectory {
            throw SystemError("remove", file, errno)
        }
    }

    /// Writes the administrator's `bytes` back with the mode, owner and group
    /// their file had, in the one rename: a crash leaves our file or theirs.
    private func write(_ bytes: [UInt8]) throws(SystemError) {
        if let owner = try recordedOwner() {
            try AtomicFile.write(bytes, to: file, mode: owner.mode, keepingMode: false, owner: (owner.uid, owner.gid))
        } else {
            try AtomicFile.write(bytes, to: file, mode: 0o644)
        }
    }

    /// The mode, owner and group of the administrator's file before the session, when saved.
    private func recordedOwner() throws(SystemError) -> (mode: mode_t, uid: uid_t, gid: gid_t)? {
        guard let record = try FileReader.readIfPresent(originalOwner) else { return nil }
        let fields = String(decoding: record, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count == 3, let mode = mode_t(fields[0], radix: 8), let uid = uid_t(fields[1]),
            let gid = gid_t(fields[2])
        else { return nil }
        return (mode, uid, gid)
    }

    /// Gives the file back the mode, owner and group it had before the session, where its
    /// bytes were already the administrator's (a file deleted during it was made again as 0644 root's).
    private func restoreOwner() throws(SystemError) {
        guard let (mode, uid, gid) = try recordedOwner() else { return }
        var status = stat()
        try syscall { lstat(file, &status) }.get("read the status of", file)
        if status.st_uid != uid || status.st_gid != gid {
            try syscall { lchown(file, uid, gid) }.get("give back the owner of", file)
        }
        if status.st_mode & 0o7777 != mode { try syscall { chmod(file, mode) }.get("give back the mode of", file) }
    }

    /// Removes the temporaries a crash left between their creation and their rename
    /// (CrashInjectionTests): called only where this apply writes, not at every reconcile.
    private func removeLeftovers() {
        for path in [file, original, originalOwner, written] { _ = StaleTemporaries.remove(besides: path) }
    }

    /// The saved original: nil if none is saved, `.some(nil)` if the file was absent.
    private func readOriginal() throws(SystemError) -> [UInt8]?? {
        guard let bytes = try FileReader.readIfPresent(original, limit: (1 << 20) + 16) else { return nil }
        let present = Array("present\n".utf8)
        if bytes.starts(with: present) { return .some(Array(bytes.dropFirst(present.count))) }
        return .some(nil)
    }

    private func saveOriginal(_ bytes: [UInt8]?) throws(SystemError) {
        try Directories.create(AtomicFile.parentDirectory(of: original), mode: 0o700)
        var status = stat()
        if bytes != nil, case .success = syscall({ lstat(file, &status) }) {
            let owner = "\(String(status.st_mode & 0o7777, radix: 8)) \(status.st_uid) \(status.st_gid)\n"
            try AtomicFile.write(Array(owner.utf8), to: originalOwner, mode: 0o600)
        }
        try AtomicFile.write(
            bytes.map { Array("present\n".utf8) + $0 } ?? Array("absent\n".utf8), to: original, mode: 0o600)
    }
}
