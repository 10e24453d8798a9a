/// Focused time and sessions per label or per list (`refocus stats --by label|list`).
public enum FocusGrouping: String, Sendable, CaseIterable {
    /// By what each session was for; sessions without a label form one group.
    case label
    /// By block list; a session of several lists counts, whole, in each.
    case list
}

/// One group's figures.
public struct FocusGroup: Sendable, Equatable {
    /// The label or list; nil for the sessions without a label (or without a list).
    public var name: String?
    /// Its focused seconds.
    public var focusedSeconds: Int
    /// Its sessions.
    public var sessions: Int

    /// A group.
    public init(name: String?, focusedSeconds: Int, sessions: Int) {
        self.name = name
        self.focusedSeconds = focusedSeconds
        self.sessions = sessions
    }

    /// The groups of `records` by `grouping`, most focused first, then by name (the unnamed group last).
    public static func of(_ records: [FocusRecord], by grouping: FocusGrouping) -> [FocusGroup] {
        var groups: [String?: FocusGroup] = [:]
        for record in records {
            let names: [String?] =
                switch grouping {
                case .label: [record.label?.rawValue]
                case .list: record.lists.isEmpty ? [nil] : Set(record.lists).map(\.rawValue)
                }
            for name in names {
                groups[name, default: FocusGroup(name: name, focusedSeconds: 0, sessions: 0)].sessions += 1
                groups[name]?.focusedSeconds += max(0, record.focusedSeconds)
            }
        }
        return groups.values.sorted { lhs, rhs in
            if lhs.focusedSeconds != rhs.focusedSeconds { return lhs.focusedSeconds > rhs.focusedSeconds }
            switch (lhs.name, rhs.name) {
            case let (left?, right?): return left < right
            case (nil, _): return false
            case (_, nil): return true
            }
        }
    }
}
