/// A table while a document is read: its keys so far and what made it,
/// which TOML's rules against defining a table twice depend on. Frozen
/// into a `TOMLTable` when the document (or its inline table) ends.
final class TOMLTableNode {
    /// What made a table.
    enum Origin {
        /// Named on the way to a header's table (`a` in `[a.b]`): a header may still define it.
        case implicit
        /// Its own header (`[a]`), or an element of an array of tables (`[[a]]`).
        case header
        /// A dotted key (`a` in `a.b = 1`): more dotted keys may add to it, a header may not define it.
        case dotted
    }

    /// What a key holds while the document is read.
    enum Child {
        /// A value written whole: a string, a number, an array, an inline table (closed).
        case value(TOMLValue)
        /// A table that headers and dotted keys may still add to.
        case table(TOMLTableNode)
        /// An array of tables (`[[a]]`), which each header of it adds an element to.
        case tables(TOMLTableArrayNode)
    }

    /// What a key holds and the line that defines it.
    struct Slot {
        var child: Child
        var line: Int
    }

    /// What made the table.
    var origin: Origin
    /// How many tables and arrays it is in (the root: 0; an element of `[[a]]`: 2).
    let depth: Int
    /// Its keys, in the order they were defined.
    private var keys: [String] = []
    /// What each key holds.
    private var slots: [String: Slot] = [:]

    /// An empty table.
    init(origin: Origin, depth: Int) {
        self.origin = origin
        self.depth = depth
    }

    /// What `key` holds, and where it was defined; nil when it is not defined.
    subscript(key: String) -> Slot? { slots[key] }

    /// Defines `key` (which it does not hold yet) on `line`.
    func add(_ key: String, _ child: Child, line: Int) {
        keys.append(key)
        slots[key] = Slot(child: child, line: line)
    }

    /// Moves the line of `key` to `line`: an implicit table defined by a header.
    func redefine(_ key: String, line: Int) {
        slots[key]?.line = line
    }

    /// The table as a value.
    func freeze() -> TOMLTable {
        TOMLTable(
            entries: keys.compactMap { key in
                guard let slot = slots[key] else { return nil }
                let value: TOMLValue =
                    switch slot.child {
                    case .value(let value): value
                    case .table(let table): .table(table.freeze())
                    case .tables(let array): .array(array.elements.map { .table($0.freeze()) })
                    }
                return TOMLTable.Entry(key: key, value: value, line: slot.line)
            })
    }
}

/// An array of tables while a document is read: each `[[name]]` adds an element.
final class TOMLTableArrayNode {
    /// The elements, in order: the last takes the keys and headers that follow its header.
    private(set) var elements: [TOMLTableNode]

    /// An array of one element.
    init(_ first: TOMLTableNode) { elements = [first] }

    /// Adds an element.
    func append(_ element: TOMLTableNode) { elements.append(element) }
}
