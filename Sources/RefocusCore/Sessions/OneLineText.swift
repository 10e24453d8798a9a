extension String {
    /// What keeps the string from being a short text on one line (a label,
    /// a reason): empty or only white space, longer than `maximumLength`
    /// characters, a control or format character or a line break, or white
    /// space at either end; nil when it is one.
    func oneLineTextProblem(maximumLength: Int) -> String? {
        if trimmingWhiteSpace.isEmpty {
            "it is empty"
        } else if count > maximumLength {
            "it is longer than \(maximumLength) characters"
        } else if unicodeScalars.contains(where: {
            [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }) {
            "it holds a control character or a line break"
        } else if trimmingWhiteSpace != self {
            "it starts or ends with white space"
        } else {
            nil
        }
    }
}
