import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusProtocol

/// The wire of daily allowances: `DailyAllowance`, the `allowance` verb's
/// `AllowanceRequest` (only the fields its action takes, the lists capped
/// as a start's), `AllowanceSummary` and the answer's `allowances`.
@Suite struct AllowanceProtocolTests {
    static func list(_ name: String, entries: [String] = [], programs: [String] = []) throws -> BlockList {
        BlockList(
            name: try BlockListName(name), entries: Set(try entries.map { try BlockEntry(parsing: $0) }),
            programs: Set(try programs.map { try ProgramName($0) }))
    }

    static func decode(_ json: String) throws -> AllowanceRequest {
        try HelperProtocol.decoder().decode(RequestEnvelope<AllowanceRequest>.self, from: Data(json.utf8)).payload
    }

    static func roundTrip(_ request: AllowanceRequest) throws -> AllowanceRequest {
        let data = try HelperProtocol.encoder().encode(RequestEnvelope(request))
        return try HelperProtocol.decoder().decode(RequestEnvelope<AllowanceRequest>.self, from: data).payload
    }

    @Test func aSetIsWrittenWithOnlyItsFields() throws {
        let request = AllowanceRequest.set(
            [try Self.list("video", entries: ["youtube.com"], programs: ["mpv"])], daily: SessionLength(seconds: 1800))
        let text = String(decoding: try HelperProtocol.encoder().encode(RequestEnvelope(request)), as: UTF8.self)
        #expect(
            text == #"{"allowance":{"action":"set","daily":1800,"lists":[{"entries":["youtube.com"],"name":"video","#
                + #""programs":["mpv"]}]},"verb":"allowance","version":1}"#)
        #expect(try Self.roundTrip(request) == request)
    }

    @Test func everyActionRoundTrips() throws {
        let lists = [try Self.list("video", programs: ["mpv"]), try Self.list("games", entries: ["steampowered.com"])]
        let requests = [
            AllowanceRequest.set(lists, daily: SessionLength(seconds: 1), resetMinute: 0, locked: true),
            AllowanceRequest.set(lists, daily: SessionLength(seconds: 86_399), resetMinute: 1439),
            AllowanceRequest.remove([try BlockListName("video")]),
            AllowanceRequest.show,
        ]
        for request in requests { #expect(try Self.roundTrip(request) == request) }
        #expect(HelperVerbName.allowance.rawValue == "allowance")
        #expect(AllowanceRequest.maximumBytes == HelperProtocol.maximumRequestBytes)
    }

    /// Each request breaks one rule of its action, or the caps.
    @Test(arguments: [
        #"{"action":"set","lists":[{"name":"video","entries":[],"programs":["mpv"]}]}"#,  // no daily
        #"{"action":"set","lists":[],"daily":60}"#,  // no list
        #"{"action":"set","lists":[{"name":"video","entries":[],"programs":[]}],"daily":0}"#,  // zero
        #"{"action":"set","lists":[{"name":"video","entries":[],"programs":[]}],"daily":86400}"#,  // a whole day
        #"{"action":"set","lists":[{"name":"video","entries":[],"programs":[]}],"daily":-5}"#,  // negative
        #"{"action":"set","lists":[{"name":"video","entries":[],"programs":[]}],"daily":60,"resetMinute":1440}"#,
        #"{"action":"set","lists":[{"name":"video","entries":[],"programs":[]}],"daily":60,"resetMinute":-1}"#,
        #"{"action":"set","lists":[{"name":"video","entries":[],"programs":[]}],"daily":60,"owner":0}"#,  // smuggled
        #"{"action":"set","lists":[{"name":"v","entries":[],"programs":[]},"#
            + #"{"name":"v","entries":[],"programs":[]}],"daily":60}"#,  // a list named twice
        #"{"action":"remove","lists":[{"name":"video","entries":[],"programs":[]}],"daily":60}"#,
        #"{"action":"remove","lists":[{"name":"video","entries":[],"programs":[]}],"resetMinute":0}"#,
        #"{"action":"remove","lists":[{"name":"video","entries":[],"programs":[]}],"locked":true}"#,
        #"{"action":"remove","lists":[]}"#,
        #"{"action":"show","lists":[{"name":"video","entries":[],"programs":[]}]}"#,
        #"{"action":"show","lists":[],"daily":60}"#,
        #"{"action":"show","lists":[],"locked":true}"#,
        #"{"action":"grant","lists":[]}"#,
        #"{"lists":[]}"#,
    ])
    func refusesWhatItsActionDoesNotTake(payload: String) {
        #expect(throws: (any Error).self) {
            try Self.decode(#"{"version":1,"verb":"allowance","allowance":"# + payload + "}")
        }
    }

    @Test func refusesMoreThanThirtyTwoLists() throws {
        let names = (0...AllowanceRequest.maximumAllowances).map { #"{"name":"l\#($0)","entries":[],"programs":[]}"# }
        let over = #"{"version":1,"verb":"allowance","allowance":{"action":"remove","lists":["#
        #expect(throws: (any Error).self) { try Self.decode(over + names.joined(separator: ",") + "]}}") }
        let at = names.dropLast().joined(separator: ",")
        #expect(try Self.decode(over + at + "]}}").lists.count == AllowanceRequest.maximumAllowances)
    }

    @Test func aDailyAllowanceKeepsItsRanges() throws {
        let video = try BlockListName("video")
        #expect(try DailyAllowance(list: video, dailySeconds: 1800).resetMinute == 0)
        #expect(throws: DailyAllowanceError.dailySeconds(0)) { try DailyAllowance(list: video, dailySeconds: 0) }
        #expect(throws: DailyAllowanceError.dailySeconds(86_400)) {
            try DailyAllowance(list: video, dailySeconds: 86_400)
        }
        #expect(throws: DailyAllowanceError.resetMinute(1440)) {
            try DailyAllowance(list: video, dailySeconds: 60, resetMinute: 1440)
        }
        let allowance = try DailyAllowance(list: video, dailySeconds: 86_399, resetMinute: 1439)
        let data = try JSONEncoder().encode(allowance)
        #expect(try JSONDecoder().decode(DailyAllowance.self, from: data) == allowance)
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(
                DailyAllowance.self, from: Data(#"{"list":"video","dailySeconds":60,"resetMinute":2000}"#.utf8))
        }
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(
                DailyAllowance.self, from: Data(#"{"list":"video","dailySeconds":60,"extra":1}"#.utf8))
        }
    }

    static func summary(counting: Bool, spent: Bool = false) throws -> AllowanceSummary {
        AllowanceSummary(
            owner: 1000, list: try BlockListName("video"), dailySeconds: 1800, usedSeconds: 600,
            countingSince: counting ? Date(timeIntervalSince1970: 1_800_000_000) : nil,
            resetsAt: Date(timeIntervalSince1970: 1_800_050_000),
            lockedUntil: spent ? Date(timeIntervalSince1970: 1_800_050_000) : nil, spent: spent, programs: 2,
            domains: 3)
    }

    @Test func theAnswerCarriesAllowancesOnlyWhenGiven() throws {
        let plain = String(decoding: try HelperProtocol.encoder().encode(HelperResponse(sessions: [])), as: UTF8.self)
        #expect(!plain.contains("allowances"))
        let answer = HelperResponse(
            sessions: [],
            allowances: [try Self.summary(counting: true), try Self.summary(counting: false, spent: true)])
        let data = try HelperProtocol.encoder().encode(answer)
        #expect(try HelperProtocol.decoder().decode(HelperResponse.self, from: data) == answer)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""countingSince":"2027-01-15T08:00:00Z""#))
        #expect(text.contains(#""spent":true"#))
    }

    @Test func aSummaryCountsWhatRunsUpToTheDailyLength() throws {
        let counting = try Self.summary(counting: true)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(counting.used(at: start.addingTimeInterval(60)) == 660)
        #expect(counting.left(at: start.addingTimeInterval(60)) == 1140)
        #expect(counting.used(at: start.addingTimeInterval(5000)) == 1800)
        #expect(counting.used(at: start.addingTimeInterval(-30)) == 600, "a clock set back counts nothing")
        let idle = try Self.summary(counting: false)
        #expect(idle.used(at: start.addingTimeInterval(5000)) == 600)
        #expect(try Self.summary(counting: false, spent: true).left(at: start) == 0)
    }
}
