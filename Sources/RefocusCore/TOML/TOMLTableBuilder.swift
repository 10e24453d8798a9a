/// Puts a document's definitions into its tables by the rules of TOML
/// 1.0.0: a key or a table is defined once; a header may define a table
/// that was only named on the way to another (`[a]` after `[a.b]`), never
/// one that a header or dotted keys defined; dotted keys add only to tables
/// that dotted keys made (not to one that a header named on its way: the
/// stricter reading of the spec, on which toml-test has no case); inline
/// tables are closed; `[[a]]` adds to an array of tables and to nothing else.
struct TOMLTableBuilder {
    /// The document's root table (or an inline table's).
    let root: TOMLTableNode
    /// Where key/value pairs go: the root, or the table of the last header.
    private(set) var current: TOMLTableNode
    /// The path of `current` from the document's root, for messages.
    private(set) var currentPath: [String]
    /// How deep tables may nest.
    let maximumDepth: Int

    /// A builder whose key/value pairs go to `root`, which stands at `path` in the document.
    init(root: TOMLTableNode, path: [String], maximumDepth: Int) {
        self.root = root
        current = root
        currentPath = path
        self.maximumDepth = maximumDepth
    }

    /// Defines the key `key` (its parts; dotted for several) of the current table as `value`.
    func define(_ key: [String], as value: TOMLValue, at position: TOMLPosition) throws(TOMLError) {
        var table = current
        var path = currentPath
        for part in key.dropLast() {
            path.append(part)
            guard let slot = table[part] else {
                table = try addTable(part, .dotted, to: table, at: position)
                continue
            }
            guard case .table(let next) = slot.child, next.origin == .dotted else {
                throw cannotAdd(to: slot, path, rest: key.suffix(from: path.count - currentPath.count), at: position)
            }
            table = next
        }
        guard let last = key.last else { return }
        path.append(last)
        if let slot = table[last] {
            throw position.error("a key is defined twice: \(TOMLCursor.keyText(path)) (first on line \(slot.line))")
        }
        table.add(last, .value(value), line: position.line)
    }

    /// Why a dotted key cannot go through what `slot` (at `path`) holds to define `rest`.
    private func cannotAdd(
        to slot: TOMLTableNode.Slot, _ path: [String], rest: ArraySlice<String>,
        at position: TOMLPosition
    ) -> TOMLError {
        let name = TOMLCursor.keyText(path)
        switch slot.child {
        case .table(let table) where table.origin == .implicit:
            return position.error(
                "the table \(name) is named by the header of a table in it (line \(slot.line)); "
                    + "a dotted key cannot add to it: give it its own header [\(name)]")
        case .table:
            return position.error(
                "the table \(name) has its own header (line \(slot.line)): define "
                    + "\(TOMLCursor.keyText(rest)) under it, not with a dotted key")
        case .tables:
            return position.error(
                "\(name) is an array of tables ([[\(name)]], line \(slot.line)); a dotted key cannot add to it")
        case .value(let value):
            return notATable(value, name, line: slot.line, at: position)
        }
    }

    /// Makes `[path]`'s table the current one: a new table, or one only named before.
    mutating func openTable(_ path: [String], at position: TOMLPosition) throws(TOMLError) {
        guard let last = path.last else { return }
        let parent = try walk(path.dropLast(), at: position)
        let name = TOMLCursor.keyText(path)
        if let slot = parent[last] {
            switch slot.child {
            case .table(let table) where table.origin == .implicit:
                table.origin = .header
                parent.redefine(last, line: position.line)
                current = table
            case .table(let table) where table.origin == .dotted:
                throw position.error(
                    "the table \(name) is defined already, by dotted keys (line \(slot.line)); "
                        + "a header cannot define it again")
            case .table:
                throw position.error("a table is defined twice: [\(name)] (first on line \(slot.line))")
            case .tables:
                throw position.error(
                    "\(name) is an array of tables (line \(slot.line)): write [[\(name)]] to add an element")
            case .value(let value):
                throw notATable(value, name, line: slot.line, at: position)
            }
        } else {
            current = try addTable(last, .header, to: parent, at: position)
        }
        currentPath = path
    }

    /// Makes a new element of `[[path]]`'s array of tables the current table.
    mutating func openArrayElement(_ path: [String], at position: TOMLPosition) throws(TOMLError) {
        guard let last = path.last else { return }
        let parent = try walk(path.dropLast(), at: position)
        let name = TOMLCursor.keyText(path)
        // An element stands in its array, as `name = [{…}]` would put it.
        let element = try newTable(.header, depth: parent.depth + 2, at: position)
        if let slot = parent[last] {
            switch slot.child {
            case .tables(let array):
                array.append(element)
            case .table:
                throw position.error(
                    "\(name) is a table (line \(slot.line)), not an array of tables: [[\(name)]] cannot add to it")
            case .value(.array):
                throw position.error(
                    "\(name) is an array value (line \(slot.line)); [[\(name)]] adds only to an array of tables")
            case .value(let value):
                throw notATable(value, name, line: slot.line, at: position)
            }
        } else {
            parent.add(last, .tables(TOMLTableArrayNode(element)), line: position.line)
        }
        current = element
        currentPath = path
    }

    /// The table a header's path leads through to its last part, from the
    /// root: tables on the way are created (implicitly) where missing, and
    /// an array of tables leads to its last element.
    private func walk(_ path: ArraySlice<String>, at position: TOMLPosition) throws(TOMLError) -> TOMLTableNode {
        var table = root
        var walked: [String] = []
        for part in path {
            walked.append(part)
            guard let slot = table[part] else {
                table = try addTable(part, .implicit, to: table, at: position)
                continue
            }
            switch slot.child {
            case .table(let next):
                table = next
            case .tables(let array):
                guard let element = array.elements.last else { throw position.error("an empty array of tables") }
                table = element
            case .value(let value):
                throw notATable(value, TOMLCursor.keyText(walked), line: slot.line, at: position)
            }
        }
        return table
    }

    /// Adds the new table `key` to `parent`, made by `origin` on `position`'s line.
    private func addTable(
        _ key: String, _ origin: TOMLTableNode.Origin, to parent: TOMLTableNode,
        at position: TOMLPosition
    ) throws(TOMLError) -> TOMLTableNode {
        let table = try newTable(origin, depth: parent.depth + 1, at: position)
        parent.add(key, .table(table), line: position.line)
        return table
    }

    /// A new table at `depth`, unless that is past `maximumDepth`.
    private func newTable(
        _ origin: TOMLTableNode.Origin, depth: Int,
        at position: TOMLPosition
    ) throws(TOMLError) -> TOMLTableNode {
        guard depth <= maximumDepth else {
            throw position.error("tables nested more than \(maximumDepth) deep; TOML files here are flatter")
        }
        return TOMLTableNode(origin: origin, depth: depth)
    }

    /// Why the value `name` holds cannot be used as a table.
    private func notATable(_ value: TOMLValue, _ name: String, line: Int, at position: TOMLPosition) -> TOMLError {
        guard case .table = value else {
            return position.error("\(name) is defined on line \(line) as a value, not a table")
        }
        return position.error("\(name) is an inline table (line \(line)), which is closed: add to it inside its braces")
    }
}
