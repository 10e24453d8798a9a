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

    /// Copies the ELF program `source` to `path` with a new, random build id: another program to the exec
    /// guard and the program blocker, so that blocking it in one test's session refuses neither `source` nor
    /// another test's copy of it (the shell's `another_program` in `Sandbox.functions` does the same).
    public static func copyAsAnotherProgram(_ source: String, to path: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let header: [UInt8] = [3, 0, 0, 0] + Array("GNU".utf8) + [0]
        guard
            let at = bytes.indices.dropFirst(8).first(where: {
                bytes[$0..<min($0 + 8, bytes.count)].elementsEqual(header)
            })
        else { throw POSIXError(.ENOEXEC) }
        let size = Int(bytes[at - 4]) | Int(bytes[at - 3]) << 8 | Int(bytes[at - 2]) << 16 | Int(bytes[at - 1]) << 24
        for index in (at + 8)..<(at + 8 + size) { bytes[index] = UInt8.random(in: 0...255) }
        try write(Data(bytes), to: path, mode: 0o755)
    }
}
