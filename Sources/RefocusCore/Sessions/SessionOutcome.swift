/// How a session ended.
public enum SessionOutcome: String, Codable, Sendable, CaseIterable {
    /// It ran to its planned end.
    case completed
    /// Its owner stopped it early.
    case stopped
    /// Root cleared it (`refocus-helper clear`).
    case cleared
    /// Its owner took the emergency exit from a locked session, which ended
    /// after the policy's delay (`emergency_delay`).
    case emergency
}
