/// A column of numbers as one string: `"1,2,-,4"`, `-` standing for none,
/// `""` for no element (`FocusColumns`' wire form).
enum PackedColumn {
    /// The column's text.
    static func join<T: LosslessStringConvertible>(_ values: [T]) -> String {
        join(values.map(Optional.some))
    }

    /// The column's text, `-` for each nil.
    static func join<T: LosslessStringConvertible>(_ values: [T?]) -> String {
        var text = ""
        text.reserveCapacity(values.count * 8)
        for (index, value) in values.enumerated() {
            if index > 0 { text.append(",") }
            if let value { text.append(value.description) } else { text.append("-") }
        }
        return text
    }

    /// The values of `text`, nil where it holds `-`; nil when an element does not parse.
    static func parse<T>(_ text: String, _ parse: (Substring) -> T?) -> [T?]? {
        guard !text.isEmpty else { return [] }
        var values: [T?] = []
        for element in text.split(separator: ",", omittingEmptySubsequences: false) {
            if element == "-" {
                values.append(nil)
            } else if let value = parse(element) {
                values.append(value)
            } else {
                return nil
            }
        }
        return values
    }
}
