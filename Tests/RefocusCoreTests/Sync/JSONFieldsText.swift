/// A JSON object as text from fields given as JSON fragments, for the
/// tables of hostile files: `changes` replaces a field's fragment, adds a
/// field (after the others, by name) or, with nil, leaves one out.
enum JSONFieldsText {
    static func object(_ fields: [(String, String)], changing changes: [String: String?]) -> String {
        var fields = fields
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let index = fields.firstIndex(where: { $0.0 == key }) {
                if let value { fields[index].1 = value } else { fields.remove(at: index) }
            } else if let value {
                fields.append((key, value))
            }
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
