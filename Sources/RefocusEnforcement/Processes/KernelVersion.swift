import Glibc
import RefocusOS

/// The running kernel's major and minor version, for features that depend on it.
struct KernelVersion: Comparable {
    let major: Int
    let minor: Int

    /// The first kernel whose process connector honours an event filter (`struct proc_input`).
    static let connectorEventFilter = KernelVersion(major: 6, minor: 6)

    /// Reads `major.minor` at the start of a release string such as `6.18.44-fc-v595`; nil when it does not start so.
    init?(release: String) {
        let parts = release.split(separator: "-", maxSplits: 1)[0].split(separator: ".")
        guard parts.count >= 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The running kernel's version (`uname`); nil when its release string cannot be read.
    static func running() -> KernelVersion? {
        var name = utsname()
        guard uname(&name) == 0 else { return nil }
        let release = withUnsafeBytes(of: name.release) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return KernelVersion(release: release)
    }

    static func < (lhs: KernelVersion, rhs: KernelVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
