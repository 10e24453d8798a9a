#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusFeatures
@testable import RefocusProtocol

/// Allowlist sessions in the start rules and the protocol: the mode is kept,
/// the same lists in the other mode are another session, a lock on an allow
/// list only tightens (fewer entries allowed, never more), programs mean
/// nothing there, and a request's mode decodes strictly.
@Suite struct AllowSessionRulesTests {
    typealias Rules = SessionRulesTests

    static func allowRequest(_ lists: [BlockList], minutes: Int = 60, locked: Bool = false) -> StartRequest {
        StartRequest(lists: lists, length: SessionLength(seconds: minutes * 60), locked: locked, mode: .allow)
    }

    @Test func anAllowRequestMakesAnAllowSessionWithoutPrograms() throws {
        let session = try Rules.start(Self.allowRequest([try Rules.list("work", ["docs.example"], programs: ["vim"])]))
        #expect(session.mode == .allow)
        #expect(session.programs.isEmpty, "programs have no meaning in an allowlist session")
        #expect(session.summary(at: Rules.clock.wall).mode == .allow)
    }

    @Test func theSameListsInTheOtherModeAreAnotherSession() throws {
        let blocking = Rules.session(7, [try Rules.list("work", ["docs.example"])])
        let allowing = try Rules.start(
            Self.allowRequest([try Rules.list("work", ["docs.example"])]), active: [blocking])
        #expect(allowing.id == nil, "a new session, not an extension of #7")
        #expect(allowing.mode == .allow)
    }

    @Test func aLockedAllowSessionStartedAgainAllowsNoMore() throws {
        var locked = Rules.session(7, [try Rules.list("work", ["a.example", "b.example"])], locked: true)
        locked.mode = .allow
        let wider = Self.allowRequest([try Rules.list("work", ["a.example", "c.example"])])
        let extended = try Rules.start(wider, active: [locked])
        #expect(extended.id == 7)
        #expect(extended.blockLists[0].domains.map(\.ascii) == ["a.example"], "c.example would loosen the lock")

        var unlocked = locked
        unlocked.locked = false
        let replaced = try Rules.start(wider, active: [unlocked])
        #expect(
            replaced.blockLists[0].domains.map(\.ascii) == ["a.example", "c.example"],
            "without a lock the new lists hold")
    }

    @Test func aSecondAllowSessionBesideALockedOneIsRefused() throws {
        var locked = Rules.session(7, [try Rules.list("work", ["a.example"])], locked: true)
        locked.mode = .allow
        let failure = Rules.failure { () throws(ProtocolFailure) in
            try Rules.start(Self.allowRequest([try! Rules.list("fun", ["fun.example"])]), active: [locked])
        }
        #expect(failure?.code == .sessionLocked)
        #expect(
            failure?.message.contains("allowlist session 7 (work) is locked") == true, "\(String(describing: failure))")
        // A block list beside it only tightens; another user's allowlist is theirs.
        #expect(
            try Rules.start(Rules.request([try Rules.list("fun", ["fun.example"])]), active: [locked]).mode == .block)
        #expect(
            try Rules.start(
                Self.allowRequest([try Rules.list("fun", ["fun.example"])]), owner: Rules.other,
                active: [locked]
            ).mode == .allow)
    }

    @Test func theModeDecodesStrictlyAndDefaultsToBlock() throws {
        let request = Self.allowRequest([try Rules.list("work", ["docs.example"])])
        let bytes = try JSONEncoder().encode(request)
        #expect(try JSONDecoder().decode(StartRequest.self, from: bytes).mode == .allow)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""mode":"allow""#))
        let older = Data(
            text.replacingOccurrences(of: #","mode":"allow""#, with: "")
                .replacingOccurrences(of: #""mode":"allow","#, with: "").utf8)
        #expect(!String(decoding: older, as: UTF8.self).contains("mode"))
        #expect(try JSONDecoder().decode(StartRequest.self, from: older).mode == .block)
        let unknown = Data(text.replacingOccurrences(of: #""mode":"allow""#, with: #""mode":"everything""#).utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StartRequest.self, from: unknown) }
    }

    @Test func aSummaryKeepsItsModeThroughJSON() throws {
        var session = Rules.session(3, [try Rules.list("work", ["docs.example"])])
        session.mode = .allow
        let summary = session.summary(at: Rules.clock.wall)
        let decoded = try JSONDecoder().decode(SessionSummary.self, from: try JSONEncoder().encode(summary))
        #expect(decoded.mode == .allow)
        #expect(decoded == summary)
    }
}

/// `--allow` and a preset's `allow` in the session choice: the command
/// line's lists bring their mode, a preset's lists theirs, the defaults block.
@Suite struct AllowSessionChoiceTests {
    static let names = SessionChoiceTests.names
    static let work = Preset(
        name: try! PresetName("work"), lists: names(["docs"]),
        duration: .length(SessionLength(seconds: 3600)), mode: .allow)

    @Test func theListsGivenBringTheirMode() throws {
        let words = try SessionChoice.Words(["work"])
        let fromPreset = try SessionChoice(
            words: words, lists: [], until: nil, lock: false, label: nil, preset: Self.work,
            defaultLists: Self.names(["social"]), defaultLength: nil)
        #expect(fromPreset.mode == .allow)
        #expect(fromPreset.lists == Self.names(["docs"]))

        let blocking = try SessionChoice(
            words: words, lists: Self.names(["news"]), until: nil, lock: false, label: nil,
            preset: Self.work, defaultLists: [], defaultLength: nil)
        #expect(blocking.mode == .block, "--list over an allow preset blocks")
        #expect(blocking.lists == Self.names(["news"]))

        let allowing = try SessionChoice(
            words: try SessionChoice.Words(["1h"]), lists: Self.names(["docs"]), mode: .allow,
            until: nil, lock: false, label: nil, preset: nil,
            defaultLists: Self.names(["social"]), defaultLength: nil)
        #expect(allowing.mode == .allow)

        let defaults = try SessionChoice(
            words: try SessionChoice.Words(["1h"]), lists: [], until: nil, lock: false,
            label: nil, preset: nil, defaultLists: Self.names(["social"]), defaultLength: nil)
        #expect(defaults.mode == .block)
    }
}
