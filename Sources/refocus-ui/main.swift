import ArgumentParser
import CLinux
import Glibc
import RefocusCore
import RefocusOS
import RefocusUI

/// `refocus-ui`, which `refocus ui` runs: the dashboard's server for the user who starts it.
struct RefocusUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refocus ui",
        abstract: "Open the dashboard: your sessions, lists and progress in the browser.",
        discussion: """
            Serves the dashboard on 127.0.0.1 for you alone (a secret token in the address, \
            your own connections only) and opens it with xdg-open. Every action runs this \
            refocus, as you: the same rules and the same sudo rule as at the terminal. It \
            exits when no page has been open for --linger, or on Ctrl-C.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage], notes: [.systemError: "a port in use"]))
            """,
        version: RefocusVersion.string)

    @Flag(help: "Print the address instead of opening a browser.")
    var noOpen = false

    @Option(help: "The port on 127.0.0.1 (default: a free one).")
    var port: UInt16 = 0

    @Option(help: "Exit when no page has been open this long (such as 1m, 30s).")
    var linger = "1m"

    func run() throws {
        let idle: SessionLength
        do { idle = try SessionLength.parse(linger, bounds: .unbounded) } catch {
            throw ValidationError("--linger: \(error.description)")
        }
        let listener: Listener
        do { listener = try Listener(port: port) } catch {
            printError("refocus-ui: \(error.description)")
            throw ExitCode(ExitStatus.systemError.rawValue)
        }
        let token = AccessToken.random()
        let address = "http://127.0.0.1:\(listener.port)/?token=\(token.text)"
        let redirect = noOpen ? nil : BrowserLauncher.redirectFile(to: address, port: listener.port)
        defer { if let redirect { unlink(redirect) } }
        say(1, noOpen ? "ReFocus dashboard: \(address)" : "ReFocus dashboard on http://127.0.0.1:\(listener.port)/")
        var opener: pid_t?
        if !noOpen {
            opener = BrowserLauncher.open(redirect ?? address)
            if opener == nil { say(1, "Could not run xdg-open; open this address: \(address)") }
        }
        let access = AccessGuard(token: token, port: listener.port, owner: getuid())
        let server = DashboardServer(
            listener: listener, access: access, program: try RunningProgram.sibling("refocus"),
            linger: .seconds(idle.seconds),
            log: { printError("refocus-ui: \($0)") })
        if let opener { server.reapLater.append(opener) }
        server.run()
    }
}

/// `line` on stderr.
func printError(_ line: String) {
    say(2, line)
}

/// `line` written at once to `descriptor` (1 or 2): the address must reach a pipe before the server waits.
func say(_ descriptor: Int32, _ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

signal(SIGPIPE, SIG_IGN)
RefocusUICommand.main()
