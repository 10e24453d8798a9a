import CLinux
import Glibc

/// The `posix_spawn` attributes every child of ReFocus starts with: every
/// signal at its default action and none blocked, whatever this process
/// ignores or blocks (the daemon blocks the signals its signalfd reads; a
/// caller may have ignored SIGTERM or SIGHUP), so that a child can be
/// stopped and told about a closed pipe as any program expects.
package enum SpawnAttributes {
    /// glibc's POSIX_SPAWN_SETSID, declared only with _GNU_SOURCE: a new session, without a controlling terminal.
    static let newSession: Int16 = 0x80

    /// Runs `body` with attributes that reset every signal and empty the
    /// mask, plus `flags` (such as POSIX_SPAWN_SETSID); returns its result.
    package static func withDefaults<Result>(flags: Int16 = 0, _ body: (UnsafePointer<posix_spawnattr_t>) -> Result)
        -> Result
    {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))
        return withUnsafePointer(to: &attributes) { body($0) }
    }
}
