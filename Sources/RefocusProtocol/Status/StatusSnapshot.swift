#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// What is enforced right now, as the daemon publishes it in
/// `/run/refocus/status.json` (group `refocus`, mode 0640) for `refocus
/// status` and status bars to read without sudo. Rewritten atomically,
/// only when something in it changed.
public struct StatusSnapshot: Codable, Sendable, Equatable {
    /// Where the daemon publishes it.
    public static let path = "/run/refocus/status.json"

    /// One active session and what it has blocked so far: the session's
    /// summary fields, and beside them `blockedAttempts`, `programsKilled`
    /// and `hookProblem` (the last of its hooks that failed, timed out or was
    /// refused; absent when none did, or the last run went well).
    public struct ActiveSession: Codable, Sendable, Equatable {
        /// The session.
        public var session: SessionSummary
        /// Connections the firewall refused: to its addresses for a block
        /// list, any of its owner's for an allowlist session.
        public var blockedAttempts: UInt64
        /// Its programs killed since it started (this daemon's count).
        public var programsKilled: Int
        /// Its last hook run that went wrong; nil when none did.
        public var hookProblem: HookReport?

        /// Makes an entry for `session` with its counts.
        public init(
            _ session: SessionSummary, blockedAttempts: UInt64 = 0, programsKilled: Int = 0,
            hookProblem: HookReport? = nil
        ) {
            self.session = session
            self.blockedAttempts = blockedAttempts
            self.programsKilled = programsKilled
            self.hookProblem = hookProblem
        }

        private enum CodingKeys: String, CodingKey { case blockedAttempts, programsKilled, hookProblem }

        /// Reads the summary's fields and the counts from one object.
        public init(from decoder: any Decoder) throws {
            session = try SessionSummary(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            blockedAttempts = try container.decode(UInt64.self, forKey: .blockedAttempts)
            programsKilled = try container.decode(Int.self, forKey: .programsKilled)
            hookProblem = try container.decodeIfPresent(HookReport.self, forKey: .hookProblem)
        }

        /// Writes the summary's fields and the counts into one object.
        public func encode(to encoder: any Encoder) throws {
            try session.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(blockedAttempts, forKey: .blockedAttempts)
            try container.encode(programsKilled, forKey: .programsKilled)
            try container.encodeIfPresent(hookProblem, forKey: .hookProblem)
        }
    }

    /// How programs are being blocked.
    public enum ProgramBlocking: String, Codable, Sendable {
        /// No active session blocks a program.
        case none
        /// Refused before they run (fanotify exec permission events), and
        /// killed at exec from the process connector where already running.
        case execPermission = "exec-permission"
        /// Killed at exec, from the kernel's process connector.
        case execEvents = "exec-events"
        /// The process connector is unavailable (a container): a /proc scan once a second.
        case procScan = "proc-scan"
    }

    /// How much is enforced, over all sessions.
    ///
    /// The layers in force: /etc/hosts whenever `names` is not 0; the
    /// resolver module whenever `resolverNames` is not 0; the browsers'
    /// managed policies whenever `browserPolicies` names one; addresses as
    /// `firewall` says, and the DNS-over-HTTPS endpoints' ports whenever
    /// `dohEndpoints` is not 0; programs as `programBlocking` says.
    public struct Counts: Codable, Sendable, Equatable {
        /// Names in the /etc/hosts section, expansions included.
        public var names: Int
        /// Names in the resolver module's index, each blocking every name
        /// under it; nil in a file of a daemon older than this field.
        public var resolverNames: Int?
        /// The Chromium-family browsers whose managed policy folder holds
        /// ReFocus's `refocus.json` (`chromium`, `chrome`, `brave`…); nil in
        /// a file of a daemon older than this field.
        public var browserPolicies: [String]?
        /// Addresses and ranges in the firewall's sets.
        public var addresses: Int
        /// Program names blocked, over all owners.
        public var programs: Int
        /// How programs are being blocked.
        public var programBlocking: ProgramBlocking
        /// What blocks addresses; nil in a file of a daemon older than this field.
        public var firewall: FirewallLayer?
        /// The DNS-over-HTTPS endpoints' addresses the table refuses on ports
        /// 443 and 853 (`DoHEndpoints`); nil in a file of a daemon older than this field.
        public var dohEndpoints: Int?

        /// Counts.
        public init(
            names: Int, addresses: Int, programs: Int, programBlocking: ProgramBlocking,
            firewall: FirewallLayer? = nil, resolverNames: Int? = nil, browserPolicies: [String]? = nil,
            dohEndpoints: Int? = nil
        ) {
            self.dohEndpoints = dohEndpoints
            self.names = names
            self.resolverNames = resolverNames
            self.browserPolicies = browserPolicies
            self.addresses = addresses
            self.programs = programs
            self.programBlocking = programBlocking
            self.firewall = firewall
        }
    }

    /// The format's version.
    public var version = 1
    /// The active sessions, by id.
    public var sessions: [ActiveSession]
    /// What is enforced; nil when the sessions came from the helper's answer
    /// instead of the daemon's file (no daemon has published one).
    public var counts: Counts?
    /// Every owner's daily allowances (`refocus status` shows the caller's
    /// own); nil when there are none, and then not written.
    public var allowances: [AllowanceSummary]?
    /// The administrator's schedules in force, for the users they bind
    /// (`refocus status` shows a member those that bind them); nil when
    /// none is, and then not written.
    public var administered: [AdministeredSummary]?

    /// A snapshot; no allowances or schedules are nil, so that a file
    /// without them reads as before the fields existed.
    public init(
        sessions: [ActiveSession], counts: Counts?, allowances: [AllowanceSummary]? = nil,
        administered: [AdministeredSummary]? = nil
    ) {
        self.sessions = sessions.sorted { $0.session.id < $1.session.id }
        self.counts = counts
        self.allowances = allowances?.isEmpty == true ? nil : allowances
        self.administered = administered?.isEmpty == true ? nil : administered
    }

    /// The same snapshot at `now`: without the sessions whose end has passed
    /// (the daemon may have died since writing it), but with paused ones,
    /// whose end waits for them; pomodoro phases as they are at `now`.
    public func current(at now: Date) -> StatusSnapshot {
        var copy = self
        copy.sessions = sessions.filter { $0.session.isPaused || $0.session.plannedEnd > now }.map { active in
            var active = active
            active.session.progress = active.session.progress(at: now)
            return active
        }
        return copy
    }
}
