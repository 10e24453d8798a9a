import RefocusCore
import RefocusPolicy
import Testing

/// The administrator's list files read with the users' line format and
/// checks: a bad line refuses the whole list, naming FILE:LINE, and a list
/// over the policy's caps is refused with the cap's key.
@Suite struct AdministratorListsTests {
    static let folder = "/etc/refocus/lists"

    @Test func bothFilesMakeOneList() throws {
        let list = try AdministratorLists.parse(
            name: try BlockListName("games"), domains: "# games\nminecraft.net\n198.51.100.7\n\nroblox.com # and co\n",
            programs: "supertux2\n", folder: Self.folder, caps: SessionCaps())
        #expect(list.domains.map(\.description) == ["minecraft.net", "roblox.com"])
        #expect(list.addresses.map(\.description) == ["198.51.100.7"])
        #expect(list.programs.map(\.description) == ["supertux2"])
    }

    @Test func aBadLineRefusesTheWholeListNamingFileAndLine() throws {
        let error = #expect(throws: AdministrationError.self) {
            try AdministratorLists.parse(
                name: try BlockListName("games"), domains: "minecraft.net\nnot a domain\nroblox.com\n",
                programs: "", folder: Self.folder, caps: SessionCaps())
        }
        guard case let .badLines(.badLines(source, issues)) = error else {
            Issue.record("not bad lines: \(String(describing: error))")
            return
        }
        #expect(source == "/etc/refocus/lists/games.domains")
        #expect(issues.map(\.line) == [2])
        #expect(error?.description.contains("/etc/refocus/lists/games.domains:2: ") == true)
        #expect(error?.description.contains("refused whole") == true)
        let programs = #expect(throws: AdministrationError.self) {
            try AdministratorLists.parse(
                name: try BlockListName("games"), domains: "", programs: "ok\nbad/name\n", folder: Self.folder,
                caps: SessionCaps())
        }
        #expect(programs?.description.contains("/etc/refocus/lists/games.programs:2: ") == true)
    }

    @Test(arguments: [
        ("a.example\nb.example\nc.example\n", "", "3 names, over the policy's max_names_per_machine of 2"),
        ("192.0.2.1\n192.0.2.2\n192.0.2.3\n", "", "3 addresses, over the policy's max_addresses_per_machine of 2"),
        ("", "one\ntwo\nthree\n", "3 programs, over the policy's max_programs_per_machine of 2"),
    ])
    func aListOverThePolicysCapsIsRefused(domains: String, programs: String, message: String) throws {
        var caps = SessionCaps()
        (caps.namesPerMachine, caps.addressesPerMachine, caps.programsPerMachine) = (2, 2, 2)
        let name = try BlockListName("big")
        let error = #expect(throws: AdministrationError.self) {
            try AdministratorLists.parse(
                name: name, domains: domains, programs: programs, folder: Self.folder, caps: caps)
        }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        // At the cap, it is read.
        (caps.namesPerMachine, caps.addressesPerMachine, caps.programsPerMachine) = (3, 3, 3)
        #expect(
            try AdministratorLists.parse(
                name: name, domains: domains, programs: programs, folder: Self.folder, caps: caps
            )
            .isEmpty == false)
    }
}
