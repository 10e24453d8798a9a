import RefocusCore
import RefocusFeatures

extension ConfigValues {
    /// `[sync]`: `dir = "PATH"` (absolute), or `git = "URL"` and optionally
    /// `branch = "NAME"`; and `machine = "NAME"` (see `syncMachine()`).
    func sync() throws(ConfigError) -> SyncSettings {
        var dir: String?
        var git: String?
        var branch: String?
        for (key, value) in values {
            guard let text = value.string, !text.isEmpty else { throw fail(key, "give it in quotes") }
            switch key {
            case "dir":
                guard text.hasPrefix("/") else {
                    throw fail(key, "give an absolute path, such as \"/home/me/Sync/refocus\"")
                }
                dir = text
            case "git": git = text
            case "branch": branch = text
            case "machine":
                guard SessionIntent.isMachineName(text) else {
                    throw fail(key, "give 1 to 64 letters, digits, '.', '_' or '-', not starting with '.'")
                }
            default: throw fail(key, "unknown key; [sync] takes dir, or git and branch, and machine")
            }
        }
        switch (dir, git) {
        case let (dir?, nil):
            if branch != nil { throw fail("branch", "a branch goes with git, not dir") }
            return .folder(dir)
        case let (nil, url?):
            return .git(url: url, branch: branch)
        case (_?, _?):
            throw fail("git", "give dir or git, not both")
        case (nil, nil):
            throw fail("dir", "give dir = \"PATH\" or git = \"URL\"; or remove [sync] ('refocus sync off')")
        }
    }

    /// `machine` of `[sync]`: this machine's name in the sync store; nil when not set.
    func syncMachine() -> String? {
        values.first { $0.key == "machine" }?.value.string
    }
}
