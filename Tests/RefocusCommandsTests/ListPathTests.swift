import Foundation
import RefocusTestSupport
import Testing

/// Path entries through `refocus list add` and `list show`.
@Suite struct ListPathTests {
    @Test func addAPathAndShowItAsBrowserOnly() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let added = try refocus("list", "add", "video", "YouTube.com/shorts/", "example.org")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("youtube.com/shorts"))
        #expect(refocus.listFile("video.domains")?.contains("\nyoutube.com/shorts\n") == true)

        let shown = try refocus("list", "show", "video")
        #expect(shown.stdout.contains("\nyoutube.com/shorts  # browsers only\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("\nexample.org\n"))

        let json = try refocus("list", "show", "video", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let kinds = object?["kinds"] as? [String: String]
        #expect(kinds?["youtube.com/shorts"] == "path")
        #expect(kinds?["example.org"] == "domain")

        let query = try refocus("list", "add", "video", "youtube.com/watch?v=1")
        #expect(query.status == 65 && query.stderr.contains("no query or fragment"))
    }

    @Test func aPastedURLKeepsItsHostUnlessPathIsGiven() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let url = "https://www.youtube.com/shorts/abc?x=1"
        #expect(try refocus("list", "add", "mine", url).status == 0)
        #expect(refocus.listFile("mine.domains") == "www.youtube.com\n")

        let path = try refocus("list", "add", "mine", "--path", url)
        #expect(path.status == 0)
        #expect(path.stderr.contains("query and fragment"), "\(path.stderr)")
        #expect(refocus.listFile("mine.domains") == "www.youtube.com\nwww.youtube.com/shorts/abc\n")

        let removed = try refocus("list", "remove", "mine", "www.youtube.com/shorts/abc")
        #expect(removed.status == 0)
        #expect(refocus.listFile("mine.domains") == "www.youtube.com\n")
    }
}
