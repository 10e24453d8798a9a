/// The version of ReFocus, printed by `--version` and sent in every helper request.
public enum RefocusVersion {
    /// The release version of both programs.
    public static let string = "0.1.0"
}
