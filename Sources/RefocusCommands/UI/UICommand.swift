import ArgumentParser
import Glibc
import RefocusCore
import RefocusOS
import SystemPackage

/// `refocus ui`: the dashboard in the browser. The server is its own
/// executable, `refocus-ui` beside this one, which this command becomes
/// (execv, same arguments), so that `refocus` links no web server.
struct UICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Open the dashboard in your browser.",
        discussion: """
            Serves a page on 127.0.0.1 for you alone and opens it with xdg-open: the \
            active session live (a ring, the time left, the phase), one click to start a \
            preset or a list, stop, pause, resume and next as at the terminal, your lists, \
            your progress (a heatmap, focus per day, streaks, history as CSV) and your \
            schedules. Every action runs refocus as you, with the same rules. The address \
            holds a secret token; the page keeps it in a cookie, and the server answers \
            your own connections alone. It exits when no page has been open for --linger, \
            or on Ctrl-C. 'man refocus' (DASHBOARD) tells the rest.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage],
                                  notes: [.systemError: "a port in use, or refocus-ui missing"]))

            Examples:
              refocus ui
              refocus ui --no-open --port 8765    # print the address instead
            """)

    @Flag(help: "Print the address instead of opening a browser.")
    var noOpen = false

    @Option(help: "The port on 127.0.0.1 (default: a free one).")
    var port: UInt16?

    @Option(help: "Exit when no page has been open this long (default 1m).")
    var linger: String?

    func run() throws {
        let server = try RunningProgram.sibling("refocus-ui")
        var arguments = [server]
        if noOpen { arguments.append("--no-open") }
        if let port { arguments += ["--port", String(port)] }
        if let linger { arguments += ["--linger", linger] }
        let argv = SpawnStrings(arguments)
        execv(server, &argv.pointers)
        throw SystemError("run", server, Errno(rawValue: errno))
    }
}
