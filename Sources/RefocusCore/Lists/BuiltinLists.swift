/// The block lists compiled into ReFocus, so that
/// `refocus start --list social 25m` works on a fresh install.
///
/// Each names the domains the service really uses (its sites, short links,
/// media and API hosts); the programs are the Linux clients' process names
/// and, for Flatpak builds and Steam's games, the apps by identity (`AppIdentity`).
/// A user's list of the same name replaces the built-in one.
public enum BuiltinLists {
    /// The names of the built-in lists.
    public static var names: [BlockListName] { sources.keys.sorted() }

    /// The built-in list of that name, or nil when there is none.
    public static func list(named name: BlockListName) -> BlockList? {
        guard let source = sources[name] else { return nil }
        // The texts below are covered by a test that parses every one.
        let entries = (try? ListText<BlockEntry>(parsing: source.domains, source: "\(name).domains").items) ?? []
        let programs = (try? ListText<ProgramName>(parsing: source.programs, source: "\(name).programs").items) ?? []
        return BlockList(name: name, entries: entries, programs: programs)
    }

    /// The texts of the built-in list of that name, comments included:
    /// what a user's copy starts from.
    public static func texts(of name: BlockListName) -> (domains: String, programs: String)? {
        sources[name]
    }

    /// The raw texts, for the test that checks every line parses.
    static var sources: [BlockListName: (domains: String, programs: String)] {
        var sources: [BlockListName: (domains: String, programs: String)] = [:]
        for (name, domains, programs) in texts {
            if let name = try? BlockListName(name) { sources[name] = (domains, programs) }
        }
        return sources
    }

    private static let texts: [(String, String, String)] = [
        ("social", social, ""),
        ("news", news, ""),
        ("video", video, "freetube\nstremio\n"),
        ("shopping", shopping, ""),
        (
            "chat", chat,
            """
            discord
            Discord
            slack
            telegram-desktop
            Telegram
            signal-desktop
            element-desktop
            teams-for-linux
            zapzap
            whatsapp-for-linux
            flatpak:com.discordapp.Discord
            flatpak:com.slack.Slack
            flatpak:org.telegram.desktop
            flatpak:org.signal.Signal
            flatpak:im.riot.Riot

            """
        ),
        (
            "games", games,
            """
            steam
            steamwebhelper
            lutris
            heroic
            minigalaxy
            itch
            prismlauncher
            minecraft-launcher
            retroarch
            steam:game
            flatpak:com.valvesoftware.Steam
            flatpak:net.lutris.Lutris
            flatpak:com.heroicgameslauncher.hgl

            """
        ),
    ]
}
