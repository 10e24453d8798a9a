import Foundation
import Testing
import RefocusCore
@testable import RefocusOS
import RefocusTestSupport

@Suite struct ListStoreTests {
    @Test func configPathsFollowXDG() throws {
        #expect(try ConfigPaths(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).root == "/x/refocus")
        #expect(
            try ConfigPaths(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]).root == "/h/.config/refocus")
        #expect(try ConfigPaths(environment: ["HOME": "/h"]).lists == "/h/.config/refocus/lists")
        // Without HOME, the passwd entry of the user gives the home.
        #expect(try ConfigPaths(environment: [:], uid: 0).root == "/root/.config/refocus")
    }

    @Test func builtinUserAndOverridingLists() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = ListStore(paths: ConfigPaths(root: folder.path))
        let social = try BlockListName("social")
        let work = try BlockListName("work")
        #expect(try store.names().first { $0.name == social }?.origin == .builtin)
        #expect(try store.texts(of: work) == nil)

        try store.save(ListStore.Texts(domains: "a.example\n", programs: ""), as: work)
        try store.save(ListStore.Texts(domains: "reddit.com\n", programs: "steam\n"), as: social)
        let origins = Dictionary(uniqueKeysWithValues: try store.names().map { ($0.name.rawValue, $0.origin) })
        #expect(origins["work"] == .user)
        #expect(origins["social"] == .userOverridingBuiltin)
        #expect(origins["news"] == .builtin)
        #expect(try folder.files("/lists") == ["social.domains", "social.programs", "work.domains"])

        let (list, origin) = try store.load(social)
        #expect(origin == .userOverridingBuiltin)
        #expect(list.entries == [try BlockEntry(parsing: "reddit.com")])
        #expect(list.programs == [try ProgramName("steam")])

        // Saving without programs removes the programs file; deleting restores the built-in list.
        try store.save(ListStore.Texts(domains: "reddit.com\n", programs: ""), as: social)
        #expect(try folder.files("/lists") == ["social.domains", "work.domains"])
        #expect(try store.delete(social))
        #expect(try store.texts(of: social)?.origin == .builtin)
        #expect(try store.delete(social) == false)
    }

    @Test func badFilesAreReportedNotDropped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = ListStore(paths: ConfigPaths(root: folder.path))
        let name = try BlockListName("work")
        try store.save(ListStore.Texts(domains: "ok.example\nco.uk\n", programs: ""), as: name)
        #expect {
            try store.load(name)
        } throws: { error in
            guard case ListError.badLines(let source, let issues)? = error as? ListError else { return false }
            return source == "work.domains" && issues.map(\.line) == [2]
        }
        // Files whose names are not list names are not lists.
        try Data().write(to: URL(fileURLWithPath: folder.path + "/lists/Bad Name.domains"))
        #expect(try store.names().contains { $0.name == name })
        #expect(try store.names().count == BuiltinLists.names.count + 1)
    }
}
