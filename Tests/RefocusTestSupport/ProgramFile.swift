import Foundation
import Glibc
import SystemPackage

/// Test support: writes a file that a test then runs (a stand-in helper, an
/// editor, a hook, a copied victim) through a close-on-exec descriptor.
///
/// Tests run in parallel threads of one process, and any of them may spawn a
/// child at any moment: a descriptor open for writing that the child inherits
/// (Foundation's `Data.write` and `copyItem` do not ask for close-on-exec)
/// stays open in it for as long as it runs, and executing the file fails
/// meanwhile with ETXTBSY ("Text file busy"), a flaky failure under load.
public enum ProgramFile {
    /// Writes `bytes` to `path` (replacing it) with `mode`, the descriptor closed at any exec.
    public static func write(_ bytes: some Sequence<UInt8>, to path: String, mode: mode_t = 0o755) throws {
        let fd = try FileDescriptor.open(
            path, .writeOnly, options: [.create, .truncate, .closeOnExec],
            permissions: FilePermissions(rawValue: 0o600))
        try fd.closeAfter { _ = try fd.writeAll(bytes) }
        guard chmod(path, mode) == 0 else { throw Errno(rawValue: errno) }
    }

    /// Copies the program at `source` to `path` with `mode`.
    public static func copy(_ source: String, to path: String, mode: mode_t = 0o755) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        try write(bytes, to: path, mode: mode)
    }
}
