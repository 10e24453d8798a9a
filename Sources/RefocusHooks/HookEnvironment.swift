import RefocusCore
import RefocusProtocol

/// The whole environment a hook runs with, built by the hook runner from
/// what it trusts: the password database's entry of its user, what exists
/// under /run/user, and the `REFOCUS_*` variables it was passed (checked
/// by `HookVariable`). Nothing else of the runner's environment reaches
/// the hook.
public struct HookEnvironment: Sendable, Equatable {
    /// The PATH every hook gets.
    public static let path = "/usr/local/bin:/usr/bin:/bin"

    /// `NAME=VALUE` entries, in a fixed order: HOME, USER, LOGNAME, PATH,
    /// SHELL, XDG_RUNTIME_DIR and DBUS_SESSION_BUS_ADDRESS (when present),
    /// then the `REFOCUS_*` variables in `HookVariable`'s order.
    public let entries: [String]
    /// The `REFOCUS_*` variables passed with a value of the wrong form, left out.
    public let rejected: [HookVariable]

    /// The environment of `event`'s hook for the user `name` (`uid`, with
    /// `home` and `shell` from the password database). `runtimeDirectory`
    /// says whether /run/user/UID exists, `sessionBus` whether its `bus`
    /// socket does. `passed` is the runner's own environment, of which
    /// only `REFOCUS_*` variables are read; `REFOCUS_EVENT` is `event`,
    /// whatever was passed.
    public init(
        event: HookEvent, name: String, uid: UInt32, home: String, shell: String,
        runtimeDirectory: Bool, sessionBus: Bool, passed: [String: String]
    ) {
        var entries = ["HOME=\(home)", "USER=\(name)", "LOGNAME=\(name)", "PATH=\(Self.path)", "SHELL=\(shell)"]
        let runtime = Self.runtimeDirectory(uid: uid)
        if runtimeDirectory {
            entries.append("XDG_RUNTIME_DIR=\(runtime)")
            if sessionBus { entries.append("DBUS_SESSION_BUS_ADDRESS=unix:path=\(runtime)/bus") }
        }
        var variables = passed
        variables[HookVariable.event.rawValue] = event.rawValue
        let (accepted, rejected) = HookVariable.filter(variables)
        self.entries = entries + accepted.map { "\($0.name)=\($0.value)" }
        self.rejected = rejected
    }

    /// `/run/user/UID`, where the user's session bus is when they are logged in.
    public static func runtimeDirectory(uid: UInt32) -> String {
        "/run/user/\(uid)"
    }
}
