import Foundation
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// `refocus.json` in the policy folders of browsers installed under a
/// temporary root: written, updated and removed, nothing else touched, no
/// folder for a browser that is not installed, no write when nothing changed.
@Suite struct ChromiumPoliciesTests {
    static func policy(_ names: [String]) throws -> ChromiumPolicy {
        ChromiumPolicy(hosts: try names.map { try DomainName(validating: $0) })
    }

    /// A root with Debian's Chromium installed (its probe file) and nothing else.
    static func root() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/usr/lib/chromium", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.path + "/usr/lib/chromium/chromium", contents: Data()))
        return folder
    }

    static func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }

    @Test func writtenForTheInstalledBrowserOnlyAndRemoved() throws {
        let folder = try Self.root()
        defer { folder.remove() }
        let policies = ChromiumPolicies(root: folder.path)
        #expect(policies.installed().map(\.name) == ["chromium"])
        let file = folder.path + "/etc/chromium/policies/managed/refocus.json"
        let first = policies.apply(try Self.policy(["video.test"]))
        #expect(first == .init(changed: ["chromium"], holding: ["chromium"]))
        #expect(FileManager.default.contents(atPath: file) == Data(try Self.policy(["video.test"]).bytes))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        let folderAttributes = try FileManager.default.attributesOfItem(
            atPath: folder.path + "/etc/chromium/policies/managed")
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o755)
        #expect(try folder.files("/etc") == ["chromium"])
        #expect(policies.existingFolders() == [folder.path + "/etc/chromium/policies/managed"])

        #expect(policies.apply(try Self.policy(["video.test", "a.example"])).changed == ["chromium"])
        #expect(FileManager.default.contents(atPath: file) == Data(try Self.policy(["a.example", "video.test"]).bytes))

        #expect(policies.apply(nil) == .init(changed: ["chromium"], holding: []))
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(policies.apply(nil).changed.isEmpty)
    }

    @Test func otherFilesInTheFolderAreNeverTouched() throws {
        let folder = try Self.root()
        defer { folder.remove() }
        let managed = folder.path + "/etc/chromium/policies/managed"
        try FileManager.default.createDirectory(atPath: managed, withIntermediateDirectories: true)
        let admin = Data(#"{"URLBlocklist": ["example.org"]}"#.utf8)
        #expect(FileManager.default.createFile(atPath: managed + "/admin.json", contents: admin))
        let policies = ChromiumPolicies(root: folder.path)
        policies.apply(try Self.policy(["video.test"]))
        #expect(try folder.files("/etc/chromium/policies/managed") == ["admin.json", "refocus.json"])
        policies.apply(nil)
        #expect(try folder.files("/etc/chromium/policies/managed") == ["admin.json"])
        #expect(FileManager.default.contents(atPath: managed + "/admin.json") == admin)
    }

    /// A crash between a temporary's creation and its rename leaves `refocus.json.refocus-…`: the
    /// next write or removal of the file removes it (not every apply: it runs at each reconcile), so
    /// that the folders ReFocus made are empty, and removed, after the session.
    @Test func aTemporaryACrashLeftIsRemovedWithTheFoldersWeMade() throws {
        let folder = try Self.root()
        defer { folder.remove() }
        let policies = ChromiumPolicies(root: folder.path)
        policies.apply(try Self.policy(["video.test"]))
        let managed = folder.path + "/etc/chromium/policies/managed"
        #expect(
            FileManager.default.createFile(
                atPath: managed + "/refocus.json.refocus-AbCdEf012345", contents: Data("{".utf8)))
        #expect(FileManager.default.createFile(atPath: managed + "/refocus.json.refocus-kept", contents: Data()))
        policies.apply(try Self.policy(["video.test", "more.test"]))
        #expect(
            try folder.files("/etc/chromium/policies/managed") == ["refocus.json", "refocus.json.refocus-kept"],
            "only names of ours, with their 12 random letters")
        try FileManager.default.removeItem(atPath: managed + "/refocus.json.refocus-kept")
        #expect(
            FileManager.default.createFile(atPath: managed + "/refocus.json.refocus-ZyXwVu987654", contents: Data()))
        policies.apply(nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/etc"), "every folder ReFocus made is gone")
    }

    @Test func unchangedBytesAreNotWrittenAndEditsAreRepaired() throws {
        let folder = try Self.root()
        defer { folder.remove() }
        let policies = ChromiumPolicies(root: folder.path)
        let file = folder.path + "/etc/chromium/policies/managed/refocus.json"
        let policy = try Self.policy(["video.test"])
        policies.apply(policy)
        let inode = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        #expect(policies.apply(policy) == .init(changed: [], holding: ["chromium"]))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int == inode)

        #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
        #expect(policies.apply(policy).changed == ["chromium"])
        #expect(FileManager.default.contents(atPath: file) == Data(policy.bytes))
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
        #expect(policies.apply(policy).changed == ["chromium"])
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o644)
    }

    @Test func noFolderForABrowserThatIsNotInstalled() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let policies = ChromiumPolicies(root: folder.path)
        #expect(policies.installed().isEmpty)
        #expect(policies.apply(try Self.policy(["video.test"])) == .init(changed: [], holding: []))
        #expect(try folder.files().isEmpty)
        #expect(policies.existingFolders().isEmpty)
    }

    @Test func aBrowserWhoseFolderCannotBeMadeIsAProblemAndTheOthersAreWritten() throws {
        let folder = try Self.root()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            atPath: folder.path + "/opt/brave.com/brave", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.path + "/opt/brave.com/brave/brave", contents: Data()))
        try FileManager.default.createDirectory(
            atPath: folder.path + "/etc/chromium", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.path + "/etc/chromium/policies", contents: Data()))
        let outcome = ChromiumPolicies(root: folder.path).apply(try Self.policy(["video.test"]))
        #expect(outcome.changed == ["brave"] && outcome.holding == ["brave"])
        #expect(
            outcome.problems.count == 1
                && outcome.problems[0].hasPrefix("the chromium browser policy was not written: "),
            "\(outcome.problems)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/etc/brave/policies/managed/refocus.json"))
    }

    @Test func everyKnownBrowserHasItsOwnFolder() {
        let folders = ChromiumBrowser.known.map(\.policyFolder)
        #expect(Set(folders).count == folders.count)
        #expect(folders.allSatisfy { $0.hasPrefix("/etc/") && $0.hasSuffix("/policies/managed") })
    }
}
