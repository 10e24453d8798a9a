import Foundation
import RefocusCore
import Testing
@testable import RefocusDaemon
@testable import RefocusProtocol

/// The daemon's answer keeps its lists keyed by `BlockListName` and its
/// JSON as before: the maps of lists enforced by one layer only are
/// objects keyed by the list's name; a key that is no list name is refused.
@Suite struct DaemonAnswerTests {
    static func answer(_ json: String) throws -> DaemonAnswer {
        try HelperProtocol.decoder().decode(DaemonAnswer.self, from: Data(json.utf8))
    }

    @Test func theListMapsAreObjectsKeyedByName() throws {
        var answer = DaemonAnswer(failure: "x")
        answer.hostsOnly = [try BlockListName("social"): 6_000]
        answer.resolverOnly = [try BlockListName("ads"): 90_000, try BlockListName("news"): 12]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.bytes)) as? [String: Any])
        #expect(object["hostsOnly"] as? [String: Int] == ["social": 6_000])
        #expect(object["resolverOnly"] as? [String: Int] == ["ads": 90_000, "news": 12])
        let read = try HelperProtocol.decoder().decode(DaemonAnswer.self, from: Data(answer.bytes))
        #expect(read.hostsOnly == answer.hostsOnly && read.resolverOnly == answer.resolverOnly)
    }

    @Test func anAnswerOfTheOldShapeReads() throws {
        let read = try Self.answer(#"{"active":[],"expired":[],"notes":[],"hostsOnly":{"social":6000}}"#)
        #expect(read.hostsOnly == [try BlockListName("social"): 6_000] && read.resolverOnly == nil)
    }

    @Test(arguments: [#"{"Social":1}"#, #"{"../x":1}"#, #"{"":1}"#])
    func aKeyThatIsNoListNameIsRefused(map: String) {
        #expect(throws: (any Error).self) {
            try Self.answer(#"{"active":[],"expired":[],"notes":[],"hostsOnly":"# + map + "}")
        }
    }
}
