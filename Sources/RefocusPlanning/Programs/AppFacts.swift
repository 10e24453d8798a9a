/// What a process shows of the app it belongs to, read from /proc for the
/// owners whose rules name apps (`AppIdentity`).
public struct AppFacts: Sendable, Equatable {
    /// /proc/PID/cgroup: the systemd scopes of Flatpak apps and snaps.
    public var cgroup: [UInt8]
    /// The `name=` of the process's `/.flatpak-info`; nil outside a Flatpak sandbox.
    public var flatpakApp: String?
    /// The process's `APPIMAGE` variable; nil when it has none.
    public var appImage: [UInt8]?
    /// Its executable's path.
    public var executable: [UInt8]?
    /// The app id of the Steam launch it descends from (`reaper SteamLaunch AppId=N`); nil when none.
    public var steamApp: UInt32?

    /// The facts read for one process.
    public init(
        cgroup: [UInt8] = [], flatpakApp: String? = nil, appImage: [UInt8]? = nil, executable: [UInt8]? = nil,
        steamApp: UInt32? = nil
    ) {
        self.cgroup = cgroup
        self.flatpakApp = flatpakApp
        self.appImage = appImage
        self.executable = executable
        self.steamApp = steamApp
    }
}
