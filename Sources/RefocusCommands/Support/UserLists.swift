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
