import RefocusCore
import Testing
import RefocusFeatures

/// Which files of a sync folder are lists, conflict copies, or none of ours.
struct SyncFileNameTests {
    @Test(arguments: [
        ("social.domains", "list social"),
        ("my-work_2.domains", "list my-work_2"),
        ("social.sync-conflict-20261123-101530-ABCDEFG.domains", "copy social"),
        ("social (conflicted copy 2026-11-23).domains", "copy social"),
        ("social (laptop's conflicted copy).domains", "copy social"),
        ("work (Conflict 2026-11-23 10-15-30).domains", "copy work"),
        ("work (server conflict).domains", "copy work"),
        (".social.domains.abc123.refocus-tmp", "other"),
        (".social.domains", "other"),
        ("social.programs", "other"),
        ("Social.domains", "other"),
        ("README.md", "other"),
        ("social (copy).domains", "other"),
    ])
    func classifies(_ file: String, _ expected: String) {
        let kind: String =
            switch SyncFileName(file) {
            case .list(let name): "list \(name)"
            case .conflictCopy(let name): "copy \(name)"
            case .other: "other"
            }
        #expect(kind == expected)
    }
}
