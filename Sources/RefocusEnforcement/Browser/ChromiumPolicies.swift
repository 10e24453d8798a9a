import Glibc
import RefocusCore
import RefocusOS
import SystemPackage
import RefocusPlanning

/// `refocus.json` in the managed policy folder of every installed
/// Chromium-family browser (`ChromiumBrowser.known`): written while
/// something is blocked, removed when nothing is. Written atomically
/// (`AtomicFile`), 0644 and root's, only when its bytes, owner or mode are
/// wrong; a missing folder is created (0755) only for a browser that is
/// installed, and recorded (`createdFolders`), so that the removal of the
/// file also removes the folders ReFocus made, when they are empty again:
/// after a session the folders are as before it. No other file in those
/// folders is ever read, written or removed, but the temporary files of
/// ours (`refocus.json.refocus-…`) that a crash left. Needs root for the real folders.
public struct ChromiumPolicies: Sendable {
    /// What `apply` did.
    public struct Outcome: Sendable, Equatable {
        /// The browsers whose file was written or removed.
        public var changed: [String]
        /// The browsers that hold the policy now.
        public var holding: [String]
        /// What failed, a line a browser (a read-only folder, a link in
        /// its place): the other browsers and the other layers still apply.
        public var problems: [String] = []
    }

    /// Prefixed to every path (`""`: the system; a temporary folder in tests).
    public let root: String
    /// The browsers looked for.
    public let browsers: [ChromiumBrowser]

    /// The folders this writer created, one path a line (under `root`).
    public var createdFolders: String { root + "/var/lib/refocus/browser-folders" }

    private var folders: CreatedFolders { CreatedFolders(root: root, record: createdFolders) }

    /// The policies of `browsers` under `root`.
    public init(root: String = "", browsers: [ChromiumBrowser] = ChromiumBrowser.known) {
        self.root = root
        self.browsers = browsers
    }

    /// The browsers installed now: one of their probes exists.
    public func installed() -> [ChromiumBrowser] {
        browsers.filter { browser in
            browser.probes.contains { probe in
                var status = stat()
                return stat(root + probe, &status) == 0
            }
        }
    }

    /// The file of `browser`.
    public func file(of browser: ChromiumBrowser) -> String {
        root + browser.policyFolder + "/" + ChromiumPolicy.fileName
    }

    /// The policy folders that exist now, of installed browsers: those to watch.
    public func existingFolders() -> [String] {
        installed().map { root + $0.policyFolder }.filter { folder in
            var status = stat()
            return stat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        }
    }

    /// Makes every installed browser's file hold `policy`, or removes the
    /// file from every known browser's folder for nil (a browser may have
    /// been removed during a session). A browser whose file cannot be
    /// written or removed is a problem in the outcome, never an error.
    @discardableResult
    public func apply(_ policy: ChromiumPolicy?) -> Outcome {
        var outcome = Outcome(changed: [], holding: [])
        let bytes = policy?.bytes
        for browser in bytes == nil ? browsers : installed() {
            do throws(SystemError) {
                if let bytes {
                    if try write(bytes, to: browser) { outcome.changed.append(browser.name) }
                    outcome.holding.append(browser.name)
                } else if try remove(file(of: browser)) {
                    outcome.changed.append(browser.name)
                }
            } catch {
                outcome.problems.append(
                    "the \(browser.name) browser policy was not \(bytes == nil ? "removed" : "written"): \(error)")
            }
        }
        if bytes == nil { outcome.problems += folders.removeEmpty() }
        return outcome
    }

    /// Writes `bytes` into `browser`'s file unless it holds them already, as root's with 0644.
    private func write(_ bytes: [UInt8], to browser: ChromiumBrowser) throws(SystemError) -> Bool {
        let path = file(of: browser)
        var status = stat()
        if case .success = syscall({ lstat(path, &status) }) {
            let trusted =
                (status.st_mode & S_IFMT) == S_IFREG && status.st_uid == geteuid()
                && status.st_mode & 0o7777 == 0o644
            if trusted, Int(status.st_size) == bytes.count,
                (try? FileReader.readIfPresent(path, limit: bytes.count)) == bytes
            {
                return false
            }
            // AtomicFile keeps an existing file's mode: a wrong one (or a link) goes first.
            if !trusted { try syscall { unlink(path) }.get("remove", path) }
        }
        // A crash between a temporary's creation and its rename left one: ours, and it would keep a folder we made.
        _ = StaleTemporaries.remove(besides: path)
        try folders.create(root + browser.policyFolder)
        try AtomicFile.write(bytes, to: path, mode: 0o644)
        return true
    }

    /// Removes `path`; whether there was one.
    private func remove(_ path: String) throws(SystemError) -> Bool {
        _ = StaleTemporaries.remove(besides: path)
        switch syscall({ unlink(path) }) {
        case .success: return true
        case .failure(.noSuchFileOrDirectory), .failure(.notDirectory): return false
        case .failure(let errno): throw SystemError("remove", path, errno)
        }
    }
}
