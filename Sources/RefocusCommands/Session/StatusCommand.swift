import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus status`: the active sessions, from the daemon's status file
/// when it can be read (no sudo: cheap enough for a bar polling every
/// second), else from the helper.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the active sessions, or one line for a status bar.",
        discussion: """
            Reads /run/refocus/status.json, which the enforcer daemon keeps current and \
            members of the group 'refocus' may read; without it, asks the helper through \
            sudo. With --json, prints {version, sessions: [{id, owner, lists, start, \
            plannedEnd, locked, blockedAttempts, programsKilled}], counts: {names, \
            resolverNames, browserPolicies, addresses, programs, programBlocking, firewall, dohEndpoints}}; counts is \
            absent when the answer came from the helper. resolverNames counts the names in \
            the resolver module's index (each blocks every name under it); browserPolicies \
            names the browsers whose managed policies hold the blocklist (Chromium-family ones, \
            and firefox); dohEndpoints counts the DNS-over-HTTPS endpoints' addresses refused \
            on ports 443 and 853; programBlocking is none, exec-permission (refused before \
            they run), exec-events (killed at exec) or proc-scan. A session's object also has, when they apply: label; \
            pomodoro {work, shortBreak, cycles, longBreak} (lengths in seconds), phase \
            {kind (work, short-break or long-break), cycle, cycles, endsAt} and \
            completedWork (work phases run to their end) for a pomodoro session; pause \
            {pausedAt (while paused), seconds (paused before), count} once paused. A paused \
            session's time stands still: plannedEnd moves later by the pause when it resumes.

            blockedAttempts counts the connections the firewall refused: to the session's \
            addresses for a block list, every one of its owner's for an allowlist session, \
            whose plain line ends with it (', 3 connections refused').

            During a session, the plain status ends with a line for a Firefox of yours that \
            was started before its policy last changed: Firefox reads its policies only as \
            it starts, so the browser rules reach it at its next start (hosts and the \
            firewall block at once).

            A pomodoro session shows its phase and the time left in it and in the whole \
            session; a paused one shows 'paused' and its time left. The bar formats show \
            the lists and the time left until the last session ends (focus: social 23m), a \
            pomodoro session's phase instead (focus: social work 2/4 12m3s), or paused and \
            the time left when every session is paused; waybar's class and alt are idle, \
            active, break (every running session is in a break) or paused.

            Examples:
              refocus status
              refocus status --json | jq '.sessions[].plannedEnd'
              refocus status --format waybar      # "exec": "refocus status --format waybar", "interval": 1
              refocus status --format i3blocks

            \(ExitStatus.helpLine(for: .refocus, [],
                                  notes: [.success: "also with no active session",
                                          .systemError: "the helper failed",
                                          .notPermitted: "sudo refused",
                                          .configuration: "the helper or sudo is not installed"]))
            """)

    @Flag(help: "Print the status as JSON (see above).")
    var json = false

    @Option(help: "Output format: \(StatusBarFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: StatusBarFormat = .plain

    func run() throws {
        try Self.show(json: json, format: format)
    }

    /// Prints the status: from the status file, else from the helper.
    static func show(json: Bool, format: StatusBarFormat) throws {
        let now = Date()
        let snapshot = try StatusFile().read()?.current(at: now) ?? fromHelper()
        if json { return try Console.json(snapshot) }
        print(format.render(snapshot, now: now))
        if format == .plain, !snapshot.sessions.isEmpty { BrowserRestartAdvice.lines().forEach { print($0) } }
    }

    /// The few exact forms a status bar runs every second (`status`,
    /// `status --json`, `status --format F`, `status --format=F`), recognised
    /// before the argument parser, whose start-up (reflection over every
    /// command's properties) would add about 1.3 ms to a 2.4 ms run (README,
    /// Benchmarks). Any other form, `--help` included, goes through the parser.
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
                guard let format = StatusBarFormat(rawValue: String(rest[0].dropFirst("--format=".count))) else { return nil }
                self.format = format
            default: return nil
            }
        }
    }

    /// The helper's answer as a snapshot without counts.
    static func fromHelper() throws -> StatusSnapshot {
        let response = try HelperClient().send(StatusRequest())
        return StatusSnapshot(sessions: response.sessions.map { StatusSnapshot.ActiveSession($0) }, counts: nil)
    }
}
