import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The output formats of `refocus status`: for people, and one line for
/// each common status bar.
enum StatusBarFormat: String, CaseIterable, ExpressibleByArgument {
    /// The sessions, one line each.
    case plain
    /// Waybar's custom module: one JSON object with text, tooltip and class.
    case waybar
    /// Polybar's script module: one line of text.
    case polybar
    /// i3blocks: full text, short text and colour, one per line.
    case i3blocks

    /// The text for `snapshot` at `now`, with the daily allowances it holds
    /// (`refocus status` leaves in the caller's own only).
    func render(_ snapshot: StatusSnapshot, now: Date = Date()) -> String {
        let sessions = snapshot.sessions
        let allowances = snapshot.allowances ?? []
        let administered = snapshot.administered ?? []
        switch self {
        case .plain:
            guard !sessions.isEmpty || !allowances.isEmpty || !administered.isEmpty else { return "No active session." }
            var lines = sessions.map { active in
                SessionFormat.line(active.session, now: now) + (snapshot.counts == nil ? "" : Self.refused(active))
            }
            if sessions.isEmpty { lines.append("No active session.") }
            lines += sessions.compactMap(\.hookProblem).map { "Hook: \($0.sentence)." }
            if !allowances.isEmpty {
                lines.append("Daily allowances:")
                lines += allowances.map { "  " + AllowanceFormat.line($0, now: now) }
            }
            lines += administered.map { "Blocking for you: " + AdministeredFormat.line($0, now: now) + "." }
            // The layers enforce sessions, and spent allowances and the administrator's schedules as if they were.
            let spent = allowances.contains { AllowanceFormat.reading($0, now: now).left == 0 }
            if let counts = snapshot.counts, !sessions.isEmpty || spent || !administered.isEmpty {
                lines.append(Self.layers(counts))
            }
            if snapshot.counts?.programBlocking == .procScan {
                lines.append(
                    "Programs are checked once a second: the kernel's process connector is unavailable here "
                        + "(a container or another namespace), so a blocked program may run for up to a second.")
                // The daemon counts an allowance's programs from the connector's events alone.
                if allowances.contains(where: { $0.programs > 0 }) {
                    lines.append("Daily allowances are not counted here: their programs' time needs the connector.")
                }
            }
            return lines.joinedText("\n")
        case .polybar:
            return Self.barText(sessions, allowances, administered, now: now)
        case .i3blocks:
            let text = Self.barText(sessions, allowances, administered, now: now)
            guard let state = BarState(sessions, now: now) else { return text + "\n" + text }
            return text + "\n" + state.text + "\n" + (state.blocks ? "#E5C07B" : "#98C379")
        case .waybar:
            let tooltip =
                (sessions.map { SessionFormat.line($0.session, now: now) }
                + administered.map { AdministeredFormat.line($0, now: now) }
                + allowances.map { AllowanceFormat.line($0, now: now) }).joinedText("\n")
            let state = BarState(sessions, now: now)?.name ?? "idle"
            // The keys in order, as JSONEncoder's .sortedKeys writes them (JSONString says why not it).
            let members = [
                ("alt", state), ("class", state), ("text", Self.barText(sessions, allowances, administered, now: now)),
                ("tooltip", tooltip),
            ]
            return "{" + members.map { JSONString.quoted($0) + ":" + JSONString.quoted($1) }.joinedText(",")
                + "}"
        }
    }

    /// `, 3 connections refused` for an allowlist session, from the daemon's
    /// count (nothing for a block-list session, whose count `refocus watch` shows).
    static func refused(_ active: StatusSnapshot.ActiveSession) -> String {
        guard active.session.mode == .allow else { return "" }
        return ", "
            + WatchView.counted(
                Int(clamping: active.blockedAttempts), "connection refused",
                plural: "connections refused")
    }

    /// Which layers enforce the sessions: `Enforced by: /etc/hosts (12 names), the resolver module (6 names
    /// and every name under them), table inet refocus (8 addresses), exec events (2 programs), browser
    /// policies (Chromium), DNS-over-HTTPS endpoints (23 addresses, ports 443 and 853).`
    static func layers(_ counts: StatusSnapshot.Counts) -> String {
        var layers: [String] = []
        if counts.names > 0 { layers.append("/etc/hosts (\(counts.names) names)") }
        if let names = counts.resolverNames, names > 0 {
            layers.append("the resolver module (\(names) names and every name under them)")
        }
        switch counts.firewall {
        case .table?: layers.append("the nftables table (\(counts.addresses) addresses)")
        case .routes?: layers.append("unreachable routes (no nftables table here: addresses are not blocked)")
        case .none?, nil: break
        }
        switch counts.programBlocking {
        case .execPermission: layers.append("exec permission (\(counts.programs) programs refused before they run)")
        case .execEvents: layers.append("exec events (\(counts.programs) programs)")
        case .procScan: layers.append("a /proc scan (\(counts.programs) programs)")
        case .none: break
        }
        if let browsers = counts.browserPolicies, !browsers.isEmpty {
            let kinds = [
                browsers.contains { $0 != "firefox" } ? "Chromium" : nil,
                browsers.contains("firefox") ? "Firefox" : nil,
            ]
            layers.append("browser policies (\(kinds.compactMap { $0 }.joinedText(", ")))")
        }
        if let endpoints = counts.dohEndpoints, endpoints > 0 {
            layers.append("DNS-over-HTTPS endpoints (\(endpoints) addresses, ports 443 and 853)")
        }
        return "Enforced by: " + (layers.isEmpty ? "nothing" : layers.joinedText(", ")) + "."
    }

    /// `focus: social, news 23m` until the last session ends (`focus: allow: work 23m` for an allowlist session), `focus: social work 2/4 12m3s` in a pomodoro
    /// session, `focus: social paused 32m` when every session is paused; `no focus` when none is active;
    /// the first pending change after it (`focus: social 23m, ends 14:35`); then each daily allowance
    /// that is counting or spent (`focus: social 23m; video 12m left`), alone when no session is active
    /// (`video spent until 00:00`); the administrator's sessions first among those (`games set until 07:00`).
    private static func barText(
        _ sessions: [StatusSnapshot.ActiveSession], _ allowances: [AllowanceSummary],
        _ administered: [AdministeredSummary], now: Date
    ) -> String {
        let briefs =
            administered.map { AdministeredFormat.brief($0, now: now) }
            + allowances.compactMap { AllowanceFormat.brief($0, now: now) }
        guard let state = BarState(sessions, now: now) else {
            return briefs.isEmpty ? "no focus" : briefs.joinedText("; ")
        }
        var lists: [String] = []
        for name in sessions.map({ SessionFormat.names($0.session) }) where !lists.contains(name) { lists.append(name) }
        let pending = sessions.compactMap(\.session.pending).min { $0.effectiveAt < $1.effectiveAt }
        return "focus: \(lists.joinedText(", ")) \(state.text)"
            + (pending.map { ", " + SessionFormat.pendingBrief($0, now: now) } ?? "")
            + briefs.map { "; " + $0 }.joinedText()
    }
}
