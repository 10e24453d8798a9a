import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS
import RefocusFeatures
import RefocusProtocol

/// `refocus watch`: the active session, live and full screen, as the
/// Pomodoro app shows it; one plain line per change when stdout is not a terminal.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Show the active session live, full screen.",
        discussion: """
            Full screen while stdout is a terminal: a ring depleting clockwise from 12 \
            o'clock with the time left in large digits (a pomodoro session's phase: work \
            2/4, break 2/4, long break), the label, the lists, and what was blocked and \
            killed so far; tomato red at work, sage green in a break, dim while paused, no \
            colour with NO_COLOR set. With several active sessions, the running one ending \
            soonest is shown large and each other in a line under it. A bar replaces the \
            ring on a narrow terminal and on the Linux console (TERM=linux), and '#' the \
            block characters outside a UTF-8 locale. It follows \
            /run/refocus/status.json as the daemon replaces it, shows the next session \
            when one starts and says so when none is active. q, Ctrl-C, SIGTERM and SIGHUP \
            end it, leaving the terminal as it was; Ctrl-Z gives the terminal back until fg.

            When stdout is not a terminal, prints one plain line per change instead (a \
            session started, changed phase, paused or resumed: its 'refocus status' line; \
            '#3 ended.'; 'No active session.'), and keeps following until SIGINT, SIGTERM or \
            SIGHUP, or until the reader goes away. Without a readable status file (no \
            daemon, or not in the group refocus), shows the helper's answer at the start \
            and says that live updates need the file.

            Examples:
              refocus watch
              refocus watch --once                  # one frame (or line) and exit
              refocus watch > watch.log &           # a line per change, in a file

            \(ExitStatus.helpLine(for: .refocus, [],
                                  notes: [.success: "also after q or a signal",
                                          .systemError: "the terminal or the helper failed",
                                          .notPermitted: "no status file and sudo refused",
                                          .configuration: "no status file and the helper or sudo is not installed"]))
            """)

    @Flag(help: "Show one frame (one line per session when stdout is not a terminal) and exit.")
    var once = false

    func run() throws {
        var source = WatchSource()
        let snapshot = try source.first()
        if Terminal.isTerminal(STDOUT_FILENO) {
            try fullScreen(source: source, snapshot: snapshot)
        } else {
            try changes(source: source, snapshot: snapshot)
        }
    }

    /// The full-screen view, until q or a signal; the terminal is restored on every way out.
    private func fullScreen(source: WatchSource, snapshot: StatusSnapshot) throws {
        let environment = ProcessInfo.processInfo.environment
        let terminal = Terminal()
        var size = terminal.size()
        func view(_ snapshot: StatusSnapshot, _ now: Date, note: String?, footer: String?) -> WatchView {
            var screen = WatchView.Screen(columns: size.columns, rows: size.rows, environment: environment)
            (screen.note, screen.footer) = (note, footer)
            return WatchView(snapshot: snapshot, now: now, screen: screen)
        }
        if once {
            let now = Date()
            let lines = view(snapshot.current(at: now), now, note: source.note, footer: nil).lines
            let end = (lines.lastIndex { !$0.isEmpty } ?? -1) + 1
            return try Terminal.write(lines[..<end].map { $0 + "\n" }.joined(), to: STDOUT_FILENO)
        }
        var loop = try WatchLoop(source: source, snapshot: snapshot, terminal: terminal)
        try terminal.enter()
        defer { terminal.leave() }
        var diff = FrameDiff(rows: size.rows)
        try loop.run(
            draw: { snapshot, now, note in
                try terminal.write(diff.update(to: view(snapshot, now, note: note, footer: "q quits").lines))
            },
            resized: {
                size = terminal.size()
                diff = FrameDiff(rows: size.rows)
                try terminal.clear()
            },
            suspend: {
                // The shell gets its own screen and modes back while this is stopped; `fg` redraws everything.
                terminal.leave()
                WatchLoop.stop()
                try terminal.enter()
                size = terminal.size()
                diff = FrameDiff(rows: size.rows)
            })
    }

    /// A plain line per change, until a signal or a closed pipe.
    private func changes(source: WatchSource, snapshot: StatusSnapshot) throws {
        var changes = WatchChanges()
        func print(_ snapshot: StatusSnapshot, _ now: Date, note: String?) throws {
            let lines = changes.lines(for: snapshot, now: now) + [note].compactMap { $0 }
            guard !lines.isEmpty else { return }
            try Terminal.write(lines.map { $0 + "\n" }.joined(), to: STDOUT_FILENO)
        }
        do {
            if once { return try print(snapshot.current(at: Date()), Date(), note: source.note) }
            var loop = try WatchLoop(source: source, snapshot: snapshot, terminal: nil)
            var noted: String?
            try loop.run(
                draw: { snapshot, now, note in
                    try print(snapshot, now, note: note == noted ? nil : note)
                    noted = note
                }, resized: {})
        } catch let error as SystemError where error.errno == .brokenPipe {
            return  // the reader went away: nothing more to say
        }
    }
}
