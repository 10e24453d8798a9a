import Glibc
import Testing

/// The NSS module (the code of libnss_refocus.so.2, compiled into the tests)
/// called in-process through `rf_nss_gethostbyname4_at` and
/// `rf_nss_gethostbyname3_at`, as glibc calls its `_nss_refocus_*`
/// functions, on index files of the tests' own: the answers and their
/// layout (`Answers`), buffers too small (`Buffers`), which files it
/// believes and how it follows their replacement (`IndexFiles`), and many
/// threads while the index changes under them (`Threads`).
///
/// Needs root: the module trusts only index files owned by root. One test at
/// a time: the module keeps one mapping for the whole process, which some
/// tests look for in /proc/self/maps.
@Suite(
    .serialized,
    .enabled(if: getuid() == 0, "the module trusts only index files owned by root: needs root (CI runs as root)"))
struct NSSModuleTests {
    /// The two sinkhole addresses, in the order of gethostbyname4_r's tuples.
    static let sinkholes = "100::1 192.0.2.1"
    /// What every lookup answers for a name that is not blocked.
    static let notFound = "NOTFOUND ENOENT HOST_NOT_FOUND"
    /// A buffer larger than any answer.
    static let roomy = 1024

    /// A name of exactly `length` characters under `parent`, made of long labels.
    static func name(under parent: String, length: Int) -> String {
        var name = parent
        while name.count < length {
            name = String(repeating: "x", count: max(1, min(63, length - name.count - 1))) + "." + name
        }
        return name
    }
}
