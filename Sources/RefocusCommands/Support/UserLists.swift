import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// The calling user's list store, found from the environment.
enum UserLists {
    /// The store of the user running `refocus`.
    static func store() throws -> ListStore {
        ListStore(paths: try ConfigPaths(environment: ProcessInfo.processInfo.environment))
    }

    /// The lists named, as a session or a daily allowance sends them: each
    /// loaded from the store (yours, else the built-in one of that name), with
    /// the entries no session may block left out and a note on stderr for each
    /// list that had some, rather than refusing the whole request.
    ///
    /// - Throws: the store's error for a list that does not exist or does not
    ///   read; `SkippedEntriesError.nothingLeft` for a list left with nothing.
    static func forSession(_ names: [BlockListName]) throws -> [BlockList] {
        let store = try store()
        let skipped = SkippedEntries(try names.map { try store.load($0).list }, check: Blockability.atStart())
        try skipped.checkSomethingLeft()
        skipped.notes.forEach { Console.error($0) }
        return skipped.lists
    }

    /// Completion candidates: the list names that start with what is typed.
    @Sendable static func completeNames(_: [String], _: Int, _ prefix: String) -> [String] {
        ((try? store().names()) ?? []).map(\.name.rawValue).filter { $0.hasPrefix(prefix) }
    }
}

/// The list name argument every `refocus list` verb takes.
struct ListNameArgument: ParsableArguments {
    @Argument(
        help: "The list's name (lower-case letters, digits, '-' and '_').",
        completion: .custom(UserLists.completeNames))
    var name: String

    /// Refuses an invalid name as a usage error that states the rule.
    func validate() throws {
        do { _ = try BlockListName(name) } catch { throw ValidationError(error.description) }
    }

    /// The validated name.
    var listName: BlockListName {
        get throws { try BlockListName(name) }
    }
}
