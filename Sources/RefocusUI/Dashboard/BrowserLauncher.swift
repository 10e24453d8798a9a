import CLinux
import Glibc
import RefocusOS

/// Opens the dashboard in the user's browser with `xdg-open`, without
/// putting the token on any command line (which every local user can read
/// in /proc): xdg-open is given a file of the user's runtime folder, mode
/// 0600, whose page sends the browser on to the address with the token.
/// Without a runtime folder the address itself is given; the server's
/// check of the connection's owner still keeps other users out.
public enum BrowserLauncher {
    /// The redirecting page for `address`, written where only the user reads it; nil without a runtime folder.
    public static func redirectFile(to address: String, port: UInt16) -> String? {
        guard let folder = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), folder.hasPrefix("/") else {
            return nil
        }
        var info = stat()
        guard stat(folder, &info) == 0, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else { return nil }
        let path = "\(folder)/refocus-ui-\(port).html"
        unlink(path)
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let page = Array(
            """
            <!doctype html><meta charset="utf-8"><title>ReFocus</title>
            <meta http-equiv="refresh" content="0;url=\(address)">
            <a href="\(address)">Open ReFocus</a>

            """.utf8)
        let written = page.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == page.count else {
            unlink(path)
            return nil
        }
        return path
    }

    /// Starts `xdg-open target` with the user's environment, its output discarded; its pid, or nil.
    public static func open(_ target: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = SpawnStrings(["xdg-open", target])
        var pid: pid_t = 0
        let started = SpawnAttributes.withDefaults {
            posix_spawnp(&pid, "xdg-open", &actions, $0, &argv.pointers, environ)
        }
        return started == 0 ? pid : nil
    }
}
