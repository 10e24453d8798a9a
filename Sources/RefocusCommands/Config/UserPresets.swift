#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// The calling user's config.toml and presets, found from the environment.
enum UserPresets {
    /// The path of the user's config.toml.
    static func path() throws -> String {
        UserConfig.path(try ConfigPaths(environment: ProcessInfo.processInfo.environment))
    }

    /// The user's config (the default one when there is no file).
    static func config() throws -> UserConfig {
        try UserConfig.load(path: try path()).config
    }

    /// Completion candidates: the preset names that start with what is typed.
    @Sendable static func completeNames(_: [String], _: Int, _ prefix: String) -> [String] {
        ((try? config())?.allPresets ?? []).map(\.preset.name.rawValue).filter { $0.hasPrefix(prefix) }
    }
}

/// Why a preset cannot be used or changed.
enum UserPresetError: RefocusError, Equatable {
    /// No preset of that name, the user's or built-in.
    case notFound(PresetName)
    /// A built-in preset cannot be deleted.
    case builtinNotDeletable(PresetName)

    var category: ErrorCategory {
        switch self {
        case .notFound: .notFound
        case .builtinNotDeletable: .usage
        }
    }

    var description: String {
        switch self {
        case .notFound(let name):
            "there is no preset \(name); see 'refocus preset list', or save one with 'refocus preset save'"
        case .builtinNotDeletable(let name):
            "\(name) is a built-in preset and cannot be deleted; save one of the same name to change it"
        }
    }
}
