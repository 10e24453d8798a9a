/// One `[[schedule]]` table of `/etc/refocus/schedules.d/*.toml`: the
/// administrator's session for chosen users, over the administrator's
/// lists, at chosen times. Read by `AdministratorScheduleFiles` in
/// RefocusPolicy; evaluated by `AdministratorSchedules`.
public struct AdministratorSchedule: Sendable, Equatable {
    /// Its name, unique across files (the list-name rule).
    public var name: BlockListName
    /// The file it was read from (`school.toml`), for messages.
    public var file: String
    /// The login names it targets, as written (looked up at each evaluation).
    public var users: [String]
    /// The groups whose members it targets, at each evaluation.
    public var groups: [String]
    /// The administrator's lists it blocks, with what they held when read.
    public var lists: [BlockList]
    /// When it is in force.
    public var timing: ScheduleTiming
    /// Whether the targeted users are kept from stopping, pausing or shortening it (default true).
    public var lock: Bool
    /// With `allowance = "45m"`: its lists are a daily allowance of this
    /// many seconds for each user during its windows (open, then blocked
    /// for them until the window ends), not blocked from the window's start.
    public var allowanceSeconds: Int?

    /// The most `[[schedule]]` tables over all files.
    public static let maximumCount = 64
    /// The most users, and separately the most groups, one schedule names.
    public static let maximumTargets = 256

    /// A schedule of these values.
    public init(
        name: BlockListName, file: String, users: [String], groups: [String], lists: [BlockList],
        timing: ScheduleTiming, lock: Bool, allowanceSeconds: Int? = nil
    ) {
        self.name = name
        self.file = file
        self.users = users
        self.groups = groups
        self.lists = lists
        self.timing = timing
        self.lock = lock
        self.allowanceSeconds = allowanceSeconds
    }
}
