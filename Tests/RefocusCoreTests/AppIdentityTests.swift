import RefocusCore
import Testing
import RefocusPlanning

/// Apps known by what they are: the entries that name them, and the facts
/// of a process that match them.
@Suite struct AppIdentityTests {
    static func identity(_ text: String) throws -> AppIdentity? { AppIdentity(try ProgramName(text)) }

    @Test func entriesWithAPrefixNameApps() throws {
        #expect(try Self.identity("flatpak:com.discordapp.Discord") == .flatpak("com.discordapp.Discord"))
        #expect(try Self.identity("snap:discord") == .snap("discord"))
        #expect(try Self.identity("appimage:Obsidian") == .appImage("Obsidian"))
        #expect(try Self.identity("steam:game") == .steamGame)
        #expect(try Self.identity("steam:620") == .steamApp(620))
        for plain in [
            "discord", "flatpak:", "flatpak:nodots", "snap:Upper", "steam:portal", "other:x", "flatpak:a.b$c",
        ] {
            #expect(try Self.identity(plain) == nil, "\(plain)")
        }
        #expect(try Self.identity("steam:620")?.description == "steam:620")
    }

    @Test func factsMatchTheirApp() {
        let flatpakScope = AppFacts(
            cgroup: Array(
                "0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-flatpak-com.discordapp.Discord-4242.scope\n"
                    .utf8))
        #expect(AppIdentity.flatpak("com.discordapp.Discord").matches(flatpakScope))
        #expect(!AppIdentity.flatpak("com.discordapp").matches(flatpakScope), "a prefix of the id is another app")
        #expect(AppIdentity.flatpak("org.x.Y").matches(AppFacts(flatpakApp: "org.x.Y")))
        #expect(
            AppIdentity.snap("discord").matches(
                AppFacts(cgroup: Array("0::/user.slice/snap.discord.discord-1a2b.scope\n".utf8))))
        #expect(!AppIdentity.snap("disc").matches(AppFacts(cgroup: Array("0::/snap.discord.discord-1.scope\n".utf8))))
        #expect(
            AppIdentity.appImage("Obsidian").matches(
                AppFacts(appImage: Array("/home/ann/Apps/obsidian-1.5.3.AppImage".utf8))))
        #expect(
            !AppIdentity.appImage("Obsidian").matches(AppFacts(appImage: Array("/home/ann/Apps/Other.AppImage".utf8))))
        #expect(
            AppIdentity.appImage("Obsidian").matches(
                AppFacts(executable: Array("/tmp/.mount_ObsidiA1b2C3/obsidian".utf8))))
        #expect(AppIdentity.steamGame.matches(AppFacts(steamApp: 620)) && !AppIdentity.steamGame.matches(AppFacts()))
        #expect(
            AppIdentity.steamApp(620).matches(AppFacts(steamApp: 620))
                && !AppIdentity.steamApp(620).matches(AppFacts(steamApp: 730)))
    }

    @Test func rulesMatchAnAppOnlyForItsOwnerAndOnlyWithFacts() throws {
        let rules = ProgramRules([
            1000: [try ProgramName("flatpak:com.slack.Slack"), try ProgramName("vim")], 1001: [try ProgramName("vim")],
        ])
        #expect(rules.hasApps(uid: 1000) && !rules.hasApps(uid: 1001) && !rules.hasApps(uid: 0))
        var process = ProcessIdentity(uid: 1000, comm: "slack", executable: "/app/bin/slack", argv0: "slack")
        #expect(rules.match(process) == nil, "no facts read: no app match")
        process.app = AppFacts(flatpakApp: "com.slack.Slack")
        #expect(
            rules.match(process)
                == ProgramMatch(owner: 1000, program: try ProgramName("flatpak:com.slack.Slack"), field: .app))
        #expect(rules.matchApp(uid: 1001, AppFacts(flatpakApp: "com.slack.Slack")) == nil)
    }
}
