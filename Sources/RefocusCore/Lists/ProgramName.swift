/// The name of a program to block, matched later against a process's comm
/// (its first 15 bytes), its executable's base name and argv[0]'s base name.
///
/// Case is kept (`Discord` and `discord` are different programs). A name is
/// 1 to 255 bytes with no `/`, white space, control character or `#`, and is
/// not `.` or `..`.
public struct ProgramName: ValidatedName {
    /// The validated name.
    public let rawValue: String

    /// The longest file name Linux allows.
    public static let maximumLength = 255

    /// Validates a program name, throwing `ListError.invalidProgram` with the reason.
    public init(_ text: some StringProtocol) throws(ListError) {
        let name = String(text)
        let reason: String? =
            if name.isEmpty { "it is empty" } else if name.utf8.count > Self.maximumLength {
                "it is longer than 255 bytes"
            } else if name == "." || name == ".." { "it is not a file name" } else if name.contains("/") {
                "it contains '/'; give the program's name, not its path (try: \(name.split(separator: "/").last ?? ""))"
            } else if name.contains("#") {
                "it contains '#', which starts a comment in list files"
            } else if name.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            }) {
                "it contains white space or a control character"
            } else { nil }
        if let reason { throw .invalidProgram(name, reason: reason) }
        rawValue = name
    }

    /// Validates `text`; the requirement of `ValidatedName`.
    public init(validating text: String) throws {
        try self.init(text)
    }
}
