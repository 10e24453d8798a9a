/// A daily allowance the administrator sets for users in the policy
/// (`[[allowance]]` in policy.toml): for each of `users`, the list
/// `list.name` is open for `allowance.dailySeconds` a day, then blocked
/// until the reset, as a user's own allowance would be; but it is locked
/// at all times (a user changes and removes nothing of it) and its list is
/// the policy's own (`list.entries`, `list.programs`), not one the user keeps.
public struct PolicyAllowance: Sendable, Equatable {
    /// The login names it binds, as written (looked up at each use: a user
    /// who does not exist yet is bound once they do).
    public var users: [String]
    /// The list: its name (what the users see) and what it holds.
    public var list: BlockList
    /// The length a day and the reset minute.
    public var allowance: DailyAllowance

    /// The most `[[allowance]]` tables a policy holds.
    public static let maximumCount = 64
    /// The most users one names.
    public static let maximumUsers = 256
    /// The most entries and programs one list holds.
    public static let maximumEntries = 10_000

    /// An allowance of `allowance` for `users` over `list`.
    public init(users: [String], list: BlockList, allowance: DailyAllowance) {
        self.users = users
        self.list = list
        self.allowance = allowance
    }

    /// Whether `name` can be a login name here: 1 to 32 bytes of letters,
    /// digits, `.`, `_` and `-` (and a trailing `$`), not starting with `-`.
    public static func isValidUserName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, first != UInt8(ascii: "-"), bytes.count <= 32 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || (byte == UInt8(ascii: "$") && index == bytes.count - 1)
        }
    }
}
