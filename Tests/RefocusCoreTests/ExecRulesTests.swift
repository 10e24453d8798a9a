import RefocusCore
import Testing
import RefocusPlanning

/// The exec guard's decision: an owner's exec of a file found under a
/// blocked name (by identity, whatever it is called now) or of any file
/// with that name; never root's, never another uid's.
@Suite struct ExecRulesTests {
    static let owner: UInt32 = 1000
    static let discord = FileIdentity(device: 2049, inode: 77)

    static func rules() throws -> ExecRules {
        let names = ProgramRules([owner: [try ProgramName("discord")], 0: [try ProgramName("discord")]])
        return ExecRules(
            names,
            identities: [owner: [discord: try ProgramName("discord")], 1001: [discord: try ProgramName("discord")]])
    }

    @Test func theFileFoundUnderTheNameIsRefusedByAnyName() throws {
        let rules = try Self.rules()
        let renamed = rules.match(uid: Self.owner, file: Self.discord, path: Array("/home/ann/bin/notes".utf8))
        #expect(renamed?.program.rawValue == "discord" && renamed?.owner == Self.owner)
    }

    @Test func anyFileOfTheNameIsRefusedEvenDeleted() throws {
        let rules = try Self.rules()
        let other = FileIdentity(device: 2049, inode: 78)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/home/ann/discord".utf8)) != nil)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/tmp/discord (deleted)".utf8)) != nil)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/usr/bin/vim".utf8)) == nil)
        #expect(rules.match(uid: Self.owner, file: other, path: Array("/usr/bin/discordx".utf8)) == nil)
    }

    @Test func rootAndOtherUsersAreNeverRefused() throws {
        let rules = try Self.rules()
        #expect(!rules.governs(uid: 0) && !rules.governs(uid: 1001))
        #expect(rules.match(uid: 0, file: Self.discord, path: Array("/usr/bin/discord".utf8)) == nil)
        #expect(rules.match(uid: 1001, file: Self.discord, path: Array("/usr/bin/discord".utf8)) == nil)
        #expect(rules.identities.keys.sorted() == [Self.owner], "identities only for owners the names govern")
        #expect(ExecRules.empty.isEmpty && !ExecRules.empty.governs(uid: Self.owner))
    }

    static let print = ProgramFingerprint.buildID([1, 2, 3])
    static let loader = ExaminedFile(identity: FileIdentity(device: 2049, inode: 5), fingerprint: .buildID([9, 9]))

    static func located() throws -> ExecRules {
        let names = ProgramRules([owner: [try ProgramName("discord")]])
        return ExecRules(
            names, identities: [owner: [discord: try ProgramName("discord")]],
            fingerprints: [owner: [print: try ProgramName("discord")], 1001: [print: try ProgramName("discord")]],
            loaders: LoaderFiles(identities: [loader.identity], fingerprints: [loader.fingerprint!]))
    }

    @Test func aCopyUnderAnotherNameIsRefusedByItsFingerprint() throws {
        let rules = try Self.located()
        let copy = FileIdentity(device: 2049, inode: 900)
        var asked = 0
        let match = rules.match(uid: Self.owner, file: copy, path: Array("/home/ann/x/notes".utf8)) {
            asked += 1; return Self.print
        }
        #expect(match?.program.rawValue == "discord" && asked == 1)
        #expect(
            rules.match(uid: Self.owner, file: copy, path: Array("/home/ann/x/notes".utf8)) { .buildID([7]) } == nil)
        _ = rules.match(uid: Self.owner, file: Self.discord, path: Array("/usr/bin/discord".utf8)) {
            asked += 1; return nil
        }
        #expect(asked == 1, "the fingerprint is read only when identity and name did not decide")
        #expect(rules.match(uid: 1001, file: copy, path: Array("/x".utf8)) { Self.print } == nil, "not another uid's")
        #expect(rules.fingerprints.keys.sorted() == [Self.owner])
    }

    static func process(_ executable: ExaminedFile?, loaded: LoadedProgram? = nil, uid: UInt32 = owner)
        -> ProcessIdentity
    {
        var process = ProcessIdentity(uid: uid, comm: "whatever", executable: "/home/ann/x/whatever", argv0: "whatever")
        process.executableFile = executable
        process.loaded = loaded
        return process
    }

    @Test func aProcessIsMatchedByItsFileAndALoaderByItsProgram() throws {
        let rules = try Self.located()
        let other = ExaminedFile(identity: FileIdentity(device: 1, inode: 1), fingerprint: .content(size: 3, hash: 4))
        #expect(rules.match(Self.process(ExaminedFile(identity: Self.discord, fingerprint: nil)))?.field == .executable)
        #expect(
            rules.match(Self.process(ExaminedFile(identity: other.identity, fingerprint: Self.print)))?.field
                == .executable)
        #expect(rules.match(Self.process(other)) == nil)
        let byFile = LoadedProgram(
            path: Array("./innocent".utf8), file: ExaminedFile(identity: other.identity, fingerprint: Self.print))
        #expect(rules.match(Self.process(Self.loader, loaded: byFile))?.field == .loaded)
        let byName = LoadedProgram(path: Array("/opt/discord".utf8), file: nil)
        #expect(rules.match(Self.process(Self.loader, loaded: byName))?.field == .loaded)
        let innocent = LoadedProgram(path: Array("./innocent".utf8), file: other)
        #expect(rules.match(Self.process(Self.loader, loaded: innocent)) == nil)
        #expect(rules.match(Self.process(Self.loader, loaded: byFile, uid: 1001)) == nil, "another uid's loader")
        #expect(rules.match(Self.process(Self.loader, loaded: byFile, uid: 0)) == nil, "root's")
        #expect(rules.examination(uid: Self.owner) == rules.loaders && rules.examination(uid: 1001) == nil)
    }

    /// What an ignore mark rests on: a file refused for nobody, whoever runs it.
    @Test func aFileIsRefusedForNobodyOnlyWhenNoOwnersRuleCouldMatchIt() throws {
        let rules = try Self.located()
        let other = FileIdentity(device: 2049, inode: 901)
        let vim = Array("/usr/bin/vim".utf8)
        #expect(rules.refusesNobody(file: other, path: vim) { .buildID([4]) })
        #expect(!rules.refusesNobody(file: Self.discord, path: vim) { .buildID([4]) }, "an owner's identity")
        #expect(!rules.refusesNobody(file: other, path: Array("/opt/discord".utf8)) { .buildID([4]) }, "a name")
        #expect(!rules.refusesNobody(file: other, path: vim) { Self.print }, "a copy's fingerprint")
        #expect(!rules.refusesNobody(file: other, path: vim) { nil }, "a fingerprint that cannot be read")
        var asked = 0
        #expect(
            try Self.rules().refusesNobody(file: other, path: vim) {
                asked += 1; return nil
            })
        #expect(asked == 0, "no fingerprint read where no owner has one")
        let apps = ExecRules(ProgramRules([Self.owner: [try ProgramName("flatpak:com.example.Fake")]]), identities: [:])
        #expect(!apps.refusesNobody(file: other, path: vim) { nil }, "apps are known by the process")
    }
}
