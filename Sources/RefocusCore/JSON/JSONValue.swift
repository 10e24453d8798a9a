/// A JSON value that keeps what a file says: the members of an object in
/// their order, a number as its own text (never rounded through a
/// `Double`). For merging ReFocus's keys into a file that belongs to an
/// administrator (Firefox's policies.json) without losing or reordering theirs.
/// Not `indirect`: its containers are arrays, already on the heap, and a
/// box for every value would be one more allocation and release for each.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members, in the file's order.
    case object([JSONMember])

    /// The value of `key` in an object (a parsed one names each key once: `JSONReader`); nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The object with `key` set to `value`: in place where it was, appended where it was not.
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        return .object(members)
    }

    /// The object without `key`.
    public func removing(_ key: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != key })
    }

    /// The value as text: two spaces a level, one member or element a line,
    /// empty containers as `{}` and `[]`, a final newline.
    public var text: String { written(indent: "") + "\n" }

    private func written(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return JSONString.quoted(text)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            return "[\n" + elements.map { inner + $0.written(indent: inner) }.joined(separator: ",\n") + "\n" + indent
                + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n"
                + members.map { inner + JSONString.quoted($0.key) + ": " + $0.value.written(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The key, unescaped.
    public var key: String
    /// Its value.
    public var value: JSONValue

    /// A member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
