import Foundation
import Glibc
import RefocusTestSupport
import RefocusUI
import Testing

/// The built `refocus-ui` over real loopback sockets, as the user running
/// the tests: the address's token becomes the cookie, a client that sends
/// half a request holds up no other, answers come from the real `refocus`
/// (its failure as JSON with its exit status), the event stream opens with
/// the status (or the problem reading it), an oversized body is refused
/// unread, and with no page open the server exits after its linger.
@Suite(.serialized)
struct DashboardServerTests {
    /// A running `refocus-ui --no-open`, its address read from its first line.
    final class Server {
        let process = Process()
        let port: UInt16
        let token: String
        let errors = Pipe()

        init(linger: String = "30s") throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: Binary.buildDirectory + "/refocus-ui")
            process.arguments = ["--no-open", "--linger", linger]
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            var line = Data()
            while !line.contains(10), let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
                line += byte
            }
            let text = String(decoding: line, as: UTF8.self)
            let address = try #require(text.split(separator: " ").last.map(String.init), "\(text)")
            port = try #require(UInt16(address.split(separator: ":")[2].split(separator: "/")[0]))
            token = String(address.split(separator: "=").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        deinit { if process.isRunning { process.terminate() } }

        var cookie: String { "refocus-\(port)=\(token)" }

        /// Sends `request` on a new connection and returns everything the server answered before closing.
        func exchange(_ request: String, readFor seconds: Int = 10) -> String {
            String(decoding: LoopbackClient.exchange(port, request, readFor: seconds), as: UTF8.self)
        }
    }

    @Test func theTokenBecomesTheCookieAndAnswersComeFromTheCLI() throws {
        let server = try Server()
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let entry = server.exchange("GET /?token=\(server.token) HTTP/1.1\r\n\(host)\r\n")
        #expect(entry.hasPrefix("HTTP/1.1 303 See Other\r\n") && entry.contains("\r\nLocation: /\r\n"))
        #expect(entry.contains("\r\nSet-Cookie: \(server.cookie); Path=/; HttpOnly; SameSite=Strict\r\n"))
        #expect(server.exchange("GET /api/presets HTTP/1.1\r\n\(host)\r\n").hasPrefix("HTTP/1.1 403 "))

        // Half a request on one connection; another is answered meanwhile.
        let slow = LoopbackClient.connect(server.port)
        defer { close(slow) }
        LoopbackClient.send(slow, "GET /api/presets HT")
        let presets = server.exchange("GET /api/presets HTTP/1.1\r\n\(host)Cookie: \(server.cookie)\r\n\r\n")
        #expect(presets.hasPrefix("HTTP/1.1 200 OK\r\n") && presets.contains("\"name\" : \"quick\""), "\(presets)")
        let page = server.exchange("GET / HTTP/1.1\r\n\(host)Cookie: \(server.cookie)\r\n\r\n")
        #expect(page.contains("content=\"\(server.token)\"") && !page.contains("{{TOKEN}}"))
        #expect(page.contains("\r\nContent-Security-Policy: default-src 'self';"))

        // A list the CLI does not have: its message and exit status (66), as 404.
        let missing = server.exchange("GET /api/lists/no-such-list HTTP/1.1\r\n\(host)Cookie: \(server.cookie)\r\n\r\n")
        #expect(missing.hasPrefix("HTTP/1.1 404 Not Found\r\n") && missing.contains("\"exit\": 66}"), "\(missing)")
    }

    @Test func theStreamOpensWithTheStatusAndABigBodyIsRefused() throws {
        let server = try Server()
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let stream = server.exchange("GET /api/events HTTP/1.1\r\n\(host)Cookie: \(server.cookie)\r\n\r\n", readFor: 3)
        #expect(stream.contains("\r\nContent-Type: text/event-stream; charset=utf-8\r\n"), "\(stream)")
        #expect(stream.contains("\r\n\r\nevent: status\ndata: {") || stream.contains("\r\n\r\nevent: problem\ndata: {"))
        let big = server.exchange(
            "POST /api/start HTTP/1.1\r\n\(host)Cookie: \(server.cookie)\r\nContent-Length: 2000000\r\n\r\n")
        #expect(big.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"), "\(big)")
    }

    @Test func withNoPageOpenItExitsAfterItsLinger() throws {
        let server = try Server(linger: "1s")
        let start = Date()
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
