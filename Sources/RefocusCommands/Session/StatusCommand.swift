import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS
import RefocusProtocol

/// `refocus status`: the active sessions, from the daemon's status file
/// when it can be read (no sudo: cheap enough for a bar polling every
/// second), else from the helper.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the active sessions, or a line for a status bar.",
        discussion: """
            Reads /run/refocus/status.json, which the enforcer daemon keeps current and \
            the group refocus may read, so no sudo is needed; without it, asks the helper. \
            A pomodoro session shows its phase and the time left in it; a paused one, \
            'paused'. A last line says when a running Firefox of yours gets the browser \
            rules only at its next start. Your daily allowances (allow-daily) follow. The \
            bar formats print one line (focus: social 23m, or focus: social work 2/4 12m), \
            then an allowance counting or spent (video 12m left); waybar's class and alt are \
            idle, active, break or paused. 'man refocus' (JSON OUTPUT) lists the keys of --json.

            Examples:
              refocus status
              refocus status --json | jq '.sessions[].plannedEnd'
              refocus status --format waybar      # waybar: "interval": 1
              refocus status --format i3blocks

            \(ExitStatus.helpLine(for: .refocus, [],
                                  notes: [.success: "also with no active session",
                                          .systemError: "the helper failed",
                                          .notPermitted: "sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))
            """)

    @Flag(help: "Print the status as JSON.")
    var json = false

    @Option(help: "Plain text, or a line for a status bar.")
    var format: StatusBarFormat = .plain

    func run() throws {
        try Self.show(json: json, format: format)
    }

    /// Prints the status: from the status file, else from the helper.
    static func show(json: Bool, format: StatusBarFormat) throws {
        let now = Date()
        // The file holds every owner's allowances; the helper answers with the caller's.
        let snapshot =
            try StatusFile().read().map {
                AdministeredFormat.own(AllowanceFormat.own($0.current(at: now), owner: getuid()), uid: getuid())
            }
            ?? fromHelper()
        if json { return try Console.json(snapshot) }
        print(format.render(snapshot, now: now))
        if format == .plain, !snapshot.sessions.isEmpty { BrowserRestartAdvice.lines().forEach { print($0) } }
    }

    /// The few exact forms a status bar runs every second (`status`,
    /// `status --json`, `status --format F`, `status --format=F`), recognised
    /// before the argument parser, whose start-up (reflection over every
    /// command's properties) would be a large share of such a run
    /// (`refocus-bench daemon` times the status line). Any other form, `--help` included, goes through the parser.
    struct BarInvocation: Equatable {
        var json = false
        var format = StatusBarFormat.plain

        init?(_ arguments: [String]) {
            guard arguments.first == "status" else { return nil }
            switch Array(arguments.dropFirst()) {
            case []: break
            case ["--json"]: json = true
            case let rest where rest.count == 2 && rest[0] == "--format":
                guard let format = StatusBarFormat(rawValue: rest[1]) else { return nil }
                self.format = format
            case let rest where rest.count == 1 && rest[0].hasPrefix("--format="):
                guard let format = StatusBarFormat(rawValue: String(rest[0].dropFirst("--format=".count))) else {
                    return nil
                }
                self.format = format
            default: return nil
            }
        }
    }

    /// The helper's answer as a snapshot without counts, with the caller's allowances when it sends them.
    static func fromHelper() throws -> StatusSnapshot {
        let response = try HelperClient().send(StatusRequest())
        return StatusSnapshot(
            sessions: response.sessions.map { StatusSnapshot.ActiveSession($0) }, counts: nil,
            allowances: response.allowances.map(AllowanceFormat.sorted))
    }
}
