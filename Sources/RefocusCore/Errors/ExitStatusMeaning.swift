/// What one exit status means for one program: the words `--help`, the man
/// pages and docs/troubleshooting.md render it from (`ExitStatus.meaning(for:)`).
///
/// Text between backticks is literal (a command, a file, a group): the man
/// page sets it as such, the markdown table keeps the backticks.
public struct ExitStatusMeaning: Sendable, Equatable {
    /// A few words naming the status, lower case: `not permitted`. It follows
    /// the number in `--help` ("77 not permitted") and starts the longer forms.
    public let label: String
    /// When it happens, one line after the label ("sudo refused to run the
    /// helper, …"); nil when the label says it all.
    public let cases: String?
    /// Further sentences the man page adds (the fix for a refusal); nil for none.
    public let note: String?

    /// A meaning; `cases` and `note` as described on the properties.
    public init(_ label: String, cases: String? = nil, note: String? = nil) {
        self.label = label
        self.cases = cases
        self.note = note
    }

    /// The label and its cases as one line without a final period:
    /// `not permitted: sudo refused …`, the markdown table's cell.
    public var line: String {
        label + (cases.map { ": " + $0 } ?? "")
    }

    /// The man page's sentence: the line capitalised, with a final period,
    /// then the note (`Not permitted: sudo refused …. A refusal is …`).
    public var sentences: String {
        label.prefix(1).uppercased() + line.dropFirst() + "." + (note.map { " " + $0 } ?? "")
    }
}
