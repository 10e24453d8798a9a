import RefocusCore

/// A desktop app known by what it is rather than by a process name: list
/// entries of a `.programs` file with a prefix (synced nowhere, like every
/// program entry).
///
/// - `flatpak:com.discordapp.Discord`: processes in the app's systemd scope
///   (`app-flatpak-<id>-<n>.scope` in /proc/PID/cgroup) or whose
///   `/.flatpak-info` names the app (`name=<id>`);
/// - `snap:discord`: processes in the snap's scopes (`snap.<name>.…`);
/// - `appimage:Obsidian`: processes whose `APPIMAGE` variable names an image
///   whose file name starts with the name (`Obsidian-1.5.AppImage`, any
///   case), or whose executable is under the image's mount
///   (`/tmp/.mount_Obsidi…`, the first six characters of the name);
/// - `steam:game`: every game Steam starts (a descendant of Steam's
///   `reaper SteamLaunch AppId=N`); `steam:620` one game by its app id.
public enum AppIdentity: Hashable, Sendable, CustomStringConvertible {
    case flatpak(String)
    case snap(String)
    case appImage(String)
    case steamGame
    case steamApp(UInt32)

    /// The identity a program entry names; nil for a plain program name (or a malformed prefixed one).
    public init?(_ program: ProgramName) {
        let text = program.rawValue
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let kind = text[..<colon], value = String(text[text.index(after: colon)...])
        guard !value.isEmpty else { return nil }
        switch kind {
        case "flatpak"
        where value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
            && value.contains("."):
            self = .flatpak(value)
        case "snap" where value.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }):
            self = .snap(value)
        case "appimage":
            self = .appImage(value)
        case "steam" where value == "game":
            self = .steamGame
        case "steam":
            guard let id = UInt32(value) else { return nil }
            self = .steamApp(id)
        default:
            return nil
        }
    }

    /// `flatpak:com.discordapp.Discord`, as lists write it.
    public var description: String {
        switch self {
        case .flatpak(let id): "flatpak:\(id)"
        case .snap(let name): "snap:\(name)"
        case .appImage(let name): "appimage:\(name)"
        case .steamGame: "steam:game"
        case .steamApp(let id): "steam:\(id)"
        }
    }

    /// Whether a process that shows `facts` is this app.
    public func matches(_ facts: AppFacts) -> Bool {
        switch self {
        case .flatpak(let id):
            return facts.flatpakApp == id || Self.contains(facts.cgroup, "app-flatpak-\(id)-")
        case .snap(let name):
            return Self.contains(facts.cgroup, "snap.\(name).")
        case .appImage(let name):
            let lowered = Array(name.lowercased().utf8)
            if let image = facts.appImage, let base = image.split(separator: UInt8(ascii: "/")).last,
                Array(String(decoding: base, as: UTF8.self).lowercased().utf8).starts(with: lowered)
            {
                return true
            }
            let mount = Array("/tmp/.mount_".utf8) + Array(name.utf8.prefix(6))
            return facts.executable.map { $0.starts(with: mount) } ?? false
        case .steamGame:
            return facts.steamApp != nil
        case .steamApp(let id):
            return facts.steamApp == id
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        guard bytes.count <= haystack.count else { return false }
        return (0...(haystack.count - bytes.count)).contains { haystack[$0..<$0 + bytes.count].elementsEqual(bytes) }
    }
}
