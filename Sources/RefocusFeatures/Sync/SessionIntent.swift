#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// A session that follows its user across machines (issue 32), as one
/// machine publishes it in the sync store for the others to apply through
/// their own helper: a start (lists by name, the absolute end or a pomodoro
/// plan with its anchor, the lock, the label, the loosening delay) or a
/// change of a start that came before (`target`: stop, pause, resume,
/// next; cancel, which withdraws a stop or pause that waits for the delay).
/// An emergency exit never crosses: a channel others may write must not end
/// a locked session (the stop it publishes is refused where it is locked).
/// Each machine writes
/// only its own intents (`machine`), one file each, never rewritten.
///
/// Read from a folder others may write (a shared Syncthing folder, a git
/// remote), so decoding is strict: unknown fields, a field of the wrong
/// kind or shape for the action, an id that is not 32 lower-case hex
/// digits, a machine name that is not a plain name, a list name that is
/// not a list name and more than `maximumLists` lists are all refused.
public struct SessionIntent: Codable, Sendable, Equatable {
    /// What the intent asks for.
    public enum Action: String, Codable, Sendable, CaseIterable {
        case start, stop, pause, resume, next, cancel
    }

    /// The format's version; another is refused.
    public static let version = 1
    /// The most lists a start names (a start request's own cap).
    public static let maximumLists = 32

    /// Its id: 32 lower-case hexadecimal digits (128 random bits).
    public var id: String
    /// The machine that published it: 1 to 64 letters, digits, `.`, `_` or `-`, not starting with `.`.
    public var machine: String
    /// What it asks for.
    public var action: Action
    /// The start it changes; only for stop, pause, resume and next.
    public var target: String?
    /// The lists a start blocks, by name (each machine uses its own copies).
    public var lists: [BlockListName]
    /// A plain start's end, in UTC.
    public var end: Date?
    /// A pomodoro start's plan, and the moment it began (its phases follow from both).
    public var pomodoro: PomodoroPlan?
    public var anchor: Date?
    /// Whether the session refuses `refocus stop` until it ends.
    public var locked: Bool
    /// What the time is for.
    public var label: SessionLabel?
    /// A start's loosening delay in seconds (1 to `PendingChange.maximumDelay`); nil for none.
    public var delay: Int?
    /// When it was published.
    public var createdAt: Date

    /// An intent; `validated()` says whether it keeps the rules above.
    public init(
        id: String, machine: String, action: Action, target: String? = nil, lists: [BlockListName] = [],
        end: Date? = nil, pomodoro: PomodoroPlan? = nil, anchor: Date? = nil, locked: Bool = false,
        label: SessionLabel? = nil, delay: Int? = nil, createdAt: Date
    ) {
        self.delay = delay
        self.id = id
        self.machine = machine
        self.action = action
        self.target = target
        self.lists = lists
        self.end = end
        self.pomodoro = pomodoro
        self.anchor = anchor
        self.locked = locked
        self.label = label
        self.createdAt = createdAt
    }

    /// What breaks the rules, or nil when it keeps them all.
    public var problem: String? {
        guard Self.isID(id) else { return "its id is not 32 lower-case hexadecimal digits" }
        guard Self.isMachineName(machine) else { return "its machine name is not a plain name" }
        switch action {
        case .start:
            guard target == nil else { return "a start changes no other intent" }
            guard (1...Self.maximumLists).contains(lists.count), Set(lists).count == lists.count else {
                return "a start names 1 to \(Self.maximumLists) lists, each once"
            }
            guard (end == nil) != (pomodoro == nil), (pomodoro == nil) == (anchor == nil) else {
                return "a start has an end, or a pomodoro plan with its anchor, not both"
            }
            guard delay.map({ (1...PendingChange.maximumDelay).contains($0) }) ?? true else {
                return "a start's delay is 1 to \(PendingChange.maximumDelay) seconds"
            }
        case .stop, .pause, .resume, .next, .cancel:
            guard let target, Self.isID(target) else { return "a \(action.rawValue) names the start it changes" }
            guard lists.isEmpty, end == nil, pomodoro == nil, anchor == nil, !locked, label == nil, delay == nil else {
                return "a \(action.rawValue) carries nothing but its target"
            }
        }
        return nil
    }

    /// When a start's session ends (its plan's end for a pomodoro start); nil for the other actions.
    public var endsAt: Date? {
        if let end { return end }
        guard let pomodoro, let anchor else { return nil }
        return anchor.addingTimeInterval(TimeInterval(pomodoro.total))
    }

    /// Whether `text` is an id: 32 lower-case hexadecimal digits.
    public static func isID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 32
            && bytes.allSatisfy { (0x30...0x39).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// Whether `text` can name a machine (and a folder of the sync store): 1 to 64 of `[A-Za-z0-9._-]`, not
    /// starting with `.`.
    public static func isMachineName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first != UInt8(ascii: "."), bytes.count <= 64 else { return false }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case version, id, machine, action, target, lists, end, pomodoro, anchor, locked, label, delay, createdAt
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.version else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "version \(version) is not \(Self.version)")
        }
        id = try container.decode(String.self, forKey: .id)
        machine = try container.decode(String.self, forKey: .machine)
        action = try container.decode(Action.self, forKey: .action)
        target = try container.decodeIfPresent(String.self, forKey: .target)
        lists =
            container.contains(.lists)
            ? try container.decodeArray(BlockListName.self, forKey: .lists, limit: Self.maximumLists) : []
        end = try container.decodeIfPresent(Date.self, forKey: .end)
        pomodoro = try container.decodeIfPresent(PomodoroPlan.self, forKey: .pomodoro)
        anchor = try container.decodeIfPresent(Date.self, forKey: .anchor)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked) ?? false
        label = try container.decodeIfPresent(SessionLabel.self, forKey: .label)
        delay = try container.decodeIfPresent(Int.self, forKey: .delay)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        if let problem {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: problem))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.version, forKey: .version)
        try container.encode(id, forKey: .id)
        try container.encode(machine, forKey: .machine)
        try container.encode(action, forKey: .action)
        try container.encodeIfPresent(target, forKey: .target)
        if !lists.isEmpty { try container.encode(lists, forKey: .lists) }
        try container.encodeIfPresent(end, forKey: .end)
        try container.encodeIfPresent(pomodoro, forKey: .pomodoro)
        try container.encodeIfPresent(anchor, forKey: .anchor)
        if locked { try container.encode(locked, forKey: .locked) }
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(delay, forKey: .delay)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
