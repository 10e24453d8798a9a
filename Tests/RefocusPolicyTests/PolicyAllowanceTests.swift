import RefocusCore
import RefocusPolicy
import Testing

/// The administrator's daily allowances in policy.toml (`[[allowance]]`),
/// read as strictly as every other key: each mistake names the table, the
/// key and the fix, and nothing is read silently as something else.
@Suite struct PolicyAllowanceTests {
    @Test func anAllowanceTableIsReadWhole() throws {
        let policy = try PolicyFile.parse(
            """
            [[allowance]]
            users = ["kid", "guest"]
            list = "games"
            daily = "1h30m"
            reset = "20:00"
            entries = ["minecraft.net", "198.51.100.0/24", "example.com/play"]
            programs = ["supertux2"]

            [[allowance]]
            users = ["kid"]
            list = "video"
            daily = "30m"
            entries = ["youtube.com"]
            """, path: "policy.toml")
        #expect(policy.allowances.count == 2)
        let games = try #require(policy.allowances.first)
        #expect(games.users == ["kid", "guest"])
        #expect(games.list.name.rawValue == "games")
        #expect(games.allowance.dailySeconds == 5400 && games.allowance.resetMinute == 20 * 60)
        #expect(games.list.entries.count == 3 && games.list.programs.map(\.rawValue) == ["supertux2"])
        #expect(policy.allowances[1].allowance.resetMinute == 0, "midnight unless given")
        #expect(try PolicyFile.parse("allowance = []", path: "p").allowances.isEmpty)
    }

    @Test(
        arguments: [
            (
                "list = \"games\"\ndaily = \"1h\"\nprograms = [\"steam\"]", "allowance[1].users",
                "missing: give the login names it binds, such as [\"kid\"]"
            ),
            (
                "users = [\"kid\"]\ndaily = \"1h\"\nprograms = [\"steam\"]", "allowance[1].list",
                "missing: give the list's name, such as \"games\""
            ),
            (
                "users = [\"kid\"]\nlist = \"games\"\nprograms = [\"steam\"]", "allowance[1].daily",
                "missing: give the length a day, such as \"1h\""
            ),
            (
                "users = [\"kid\"]\nlist = \"games\"\ndaily = \"1h\"", "allowance[1].entries",
                "give entries or programs: an allowance of nothing would never be used"
            ),
            (
                "users = [\"../root\"]\nlist = \"games\"\ndaily = \"1h\"\nprograms = [\"steam\"]", "allowance[1].users",
                "\"../root\" is not a login name; give an array of login names, such as [\"kid\"]"
            ),
            (
                "users = []\nlist = \"games\"\ndaily = \"1h\"\nprograms = [\"steam\"]", "allowance[1].users",
                "give an array of login names, such as [\"kid\"]"
            ),
            (
                "users = [\"kid\"]\nlist = \"Games\"\ndaily = \"1h\"\nprograms = [\"steam\"]", "allowance[1].list",
                "give a list name in quotes: a-z and 0-9, then also - and _, such as \"games\""
            ),
            (
                "users = [\"kid\"]\nlist = \"games\"\ndaily = \"24h\"\nprograms = [\"steam\"]", "allowance[1].daily",
                "give a length in quotes from \"1s\" to \"23h59m59s\", such as \"1h\""
            ),
            (
                "users = [\"kid\"]\nlist = \"games\"\ndaily = \"0s\"\nprograms = [\"steam\"]", "allowance[1].daily",
                "give a length in quotes from \"1s\" to \"23h59m59s\", such as \"1h\""
            ),
            (
                "users = [\"kid\"]\nlist = \"games\"\ndaily = \"1h\"\nreset = \"25:00\"\nprograms = [\"steam\"]",
                "allowance[1].reset", "give a time of day in quotes, such as \"04:00\""
            ),
            (
                "users = [\"kid\"]\nlist = \"games\"\ndaily = \"1h\"\nprograms = [\"steam\"]\nlocked = false",
                "allowance[1].locked", "unknown key; the keys are users, list, daily, reset, entries, programs"
            ),
            ("users = [\"kid\"]\nlist = \"games\"\ndaily = \"1h\"\nprograms = [\"a/b\"]", "allowance[1].programs", nil),
            (
                "users = [\"kid\"]\nlist = \"games\"\ndaily = \"1h\"\nentries = [\"not a domain\"]",
                "allowance[1].entries",
                nil
            ),
        ] as [(String, String, String?)])
    func aMistakeNamesTheTableAndTheFix(body: String, key: String, reason: String?) {
        do {
            _ = try PolicyFile.parse("[[allowance]]\n" + body, path: "policy.toml")
            Issue.record("\(body) was read")
        } catch {
            guard case .invalid(let path, let named, let said) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "policy.toml" && named == key, "\(error)")
            if let reason { #expect(said == reason) }
        }
    }

    @Test func aUserBoundTwiceToOneListIsRefused() {
        let text = """
            [[allowance]]
            users = ["kid"]
            list = "games"
            daily = "1h"
            programs = ["steam"]

            [[allowance]]
            users = ["guest", "kid"]
            list = "games"
            daily = "2h"
            programs = ["steam"]
            """
        #expect(
            throws: PolicyError.invalid(
                path: "p", key: "allowance[2].users",
                reason: "kid has another [[allowance]] of list 'games'; give each list once")
        ) { try PolicyFile.parse(text, path: "p") }
    }

    @Test func aKeyThatIsNotATableIsRefused() {
        #expect(throws: PolicyError.self) { try PolicyFile.parse("allowance = \"games\"", path: "p") }
        #expect(throws: PolicyError.self) { try PolicyFile.parse("allowance = [1]", path: "p") }
    }
}
