/// Something that happened to a session that its owner's hooks and
/// notifications hear of: its start and end, and each pomodoro phase's
/// start and end. Names are the hooks' file names.
public enum SessionEventKind: String, Sendable, CaseIterable, Codable {
    case start, end
    case workStart = "work-start", workEnd = "work-end"
    case breakStart = "break-start", breakEnd = "break-end"
}
