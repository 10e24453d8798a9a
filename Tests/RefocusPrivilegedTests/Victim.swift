import Foundation
import Glibc
import RefocusTestSupport

/// A uniquely named copy of a system program (`rf-victim-1a2b3c4d`), so that
/// the program-blocker tests can only ever kill processes they started, and
/// the processes started from it through `setpriv` as another user.
struct Victim {
    /// Why the program-blocker tests cannot run here, or nil when they can.
    static let unavailableReason: String? =
        if getuid() != 0 {
            "needs root for the process connector and to run programs as other users (CI runs as root)"
        } else if !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            "needs /usr/bin/setpriv (util-linux)"
        } else { nil }

    let folder: String
    let name: String
    var path: String { folder + "/" + name }

    /// Copies `program` into a fresh folder that every user can read and run, as another program (a new
    /// build id): blocking it refuses nobody the original.
    init(copying program: String, prefix: String = "rf-victim-") throws {
        folder = NSTemporaryDirectory() + "refocus-victim-" + UUID().uuidString
        name = prefix + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try ProgramFile.copyAsAnotherProgram(program, to: path)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A file in the folder that `uid` may write; returns its path.
    func writableFile(_ file: String) throws -> String {
        let path = folder + "/" + file
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o666]) else {
            throw POSIXError(.EACCES)
        }
        return path
    }

    /// Starts the copy with `arguments` as `uid` (and gid, no other groups)
    /// through setpriv, which execs it in place: the pid is the program's.
    func start(as uid: UInt32, _ arguments: [String]) throws -> pid_t {
        let argv = ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--", path] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArguments.append(nil)
        defer { cArguments.forEach { free($0) } }
        // Test threads may block signals; the program starts with none blocked and default dispositions.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], nil, &attributes, cArguments, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        return pid
    }

    /// Whether `pid` runs this program already (setpriv has exec'd it).
    func isRunning(_ pid: pid_t) -> Bool {
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        return comm.hasPrefix(String(name.prefix(15)))
    }
}

/// Waits up to `seconds` for the child `pid` to end and returns its wait
/// status, or nil: when it was reaped already, or did not end in time (it is
/// then killed and reaped).
func waitForExit(of pid: pid_t, seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while Date() < deadline {
        switch waitpid(pid, &status, WNOHANG) {
        case pid: return status
        case -1: return nil
        default: usleep(5_000)
        }
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
    return nil
}

/// The signal that ended a process, from its wait status; 0 when it exited.
func terminatingSignal(_ status: Int32) -> Int32 { status & 0x7F }

/// Polls `condition` every 5 ms for up to `seconds`; whether it became true.
func eventually(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}
