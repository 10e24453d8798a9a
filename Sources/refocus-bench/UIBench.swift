import Foundation
import Glibc
import RefocusUI

/// `refocus ui`'s page: the first load as a browser makes it on opening the
/// printed address (the token's redirect that sets the cookie, then the
/// HTML, the CSS, the JavaScript and the icon, a connection each, as the
/// server closes after every answer), timed from the first connect to the
/// last byte, in order (a browser fetches the three files at once, so this is
/// an upper bound). The reference, in the same run: Python's http.server
/// serving the same four files from a folder, the same four GETs. Also the
/// page's size and the time to the live view's first status event (which
/// runs `refocus status --json`). No root needed.
enum UIBench {
    static func run(_ options: BenchMain.Options) throws {
        let runs = options.checkOnly ? 5 : 51
        let server = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/refocus-ui"
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw BenchError.referenceFailed("\(server) is not built (swift build -c release --product refocus-ui)")
        }
        let dashboard = Process()
        dashboard.executableURL = URL(fileURLWithPath: server)
        dashboard.arguments = ["--no-open", "--linger", "30s"]
        let output = Pipe()
        dashboard.standardOutput = output
        dashboard.standardError = FileHandle.nullDevice
        try dashboard.run()
        defer { dashboard.terminate() }
        let address = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let range = address.range(of: #"127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{64})"#, options: .regularExpression)
        else {
            throw BenchError.referenceFailed("refocus-ui printed no address: \(address)")
        }
        let parts = address[range].split(whereSeparator: { ":/?=".contains($0) })
        let port = UInt16(parts[1])!, token = String(parts[3])
        let host = "Host: 127.0.0.1:\(port)\r\n", cookie = "Cookie: refocus-\(port)=\(token)\r\n"
        let files = ["/", "/app.css", "/app.js", "/icon.svg"]

        var bodies: [String: [UInt8]] = [:]
        for file in files { bodies[file] = LoopbackClient.body(LoopbackClient.get(port, file, host + cookie)) }
        let pageBytes = ["/", "/app.css", "/app.js"].map { bodies[$0]!.count }.reduce(0, +)

        let ours = Samples.measure(runs: runs) {
            _ = LoopbackClient.get(port, "/?token=\(token)", host)
            for file in files { _ = LoopbackClient.get(port, file, host + cookie) }
        }

        let folder = NSTemporaryDirectory() + "refocus-bench-ui-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (file, body) in bodies {
            try Data(body).write(to: URL(fileURLWithPath: folder + (file == "/" ? "/index.html" : file)))
        }
        guard let referencePort = LoopbackClient.freePort() else { throw BenchError.referenceFailed("no free port") }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-m", "http.server", String(referencePort), "--bind", "127.0.0.1", "--directory", folder]
        python.standardOutput = FileHandle.nullDevice
        python.standardError = FileHandle.nullDevice
        try python.run()
        defer { python.terminate() }
        guard LoopbackClient.waitForListener(referencePort) else {
            throw BenchError.referenceFailed("python3 -m http.server does not listen")
        }
        let referenceHost = "Host: 127.0.0.1:\(referencePort)\r\n"
        let reference = Samples.measure(runs: runs) {
            for file in files { _ = LoopbackClient.get(referencePort, file, referenceHost) }
        }
        let firstEvent = Samples.measure(runs: options.checkOnly ? 2 : 9) {
            _ = LoopbackClient.firstEvent(port, host + cookie)
        }

        print("refocus ui's page (loopback; \(runs) first loads, each a connection per file, in order):")
        print(
            String(
                format: "  size: index.html + app.css + app.js %d bytes (%.1f KB), icon %d bytes", pageBytes,
                Double(pageBytes) / 1024, bodies["/icon.svg"]!.count))
        print(
            "  first load (redirect + 4 files): \(ours.medianAndRange), p99 \(Measure.format(ours.percentile(0.99)))"
                + "   python3 http.server (4 files): \(reference.medianAndRange)"
                + String(format: "   ours/python %.2fx", ours.median / reference.median))
        print("  the live view's first status event (runs refocus status --json): \(firstEvent.medianAndRange)")
    }
}
