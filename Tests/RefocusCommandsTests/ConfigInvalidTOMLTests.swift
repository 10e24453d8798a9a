import Foundation
import RefocusTestSupport
import Testing

/// A config.toml that is not TOML is refused whole, with its line and exit
/// status 78, never partly read: among these, the lines on which TOMLKit's
/// parser (used before our reader) aborted `refocus` or stopped reading
/// without a word (a NUL byte: the preset after it was lost), found by
/// fuzzing, and bytes that are not UTF-8.
@Suite struct ConfigInvalidTOMLTests {
    @Test(arguments: [
        ("[=]\n", 1, "a table header needs a name, such as [name] or [[name]]; found '='"),
        ("# mine\n[[[presets.x]]]\n", 2, "a table header needs a name, such as [name] or [[name]]; found '['"),
        (
            "[defaults]\nnotify = true\n[\n", 3,
            "a table header needs a name, such as [name] or [[name]]; found the end of the line"
        ),
        (
            "[defaults]\u{0}\n[presets.x]\nlists = [\"work\"]\n", 1,
            "expected the end of the line after the table header, found a NUL byte"
        ),
        (
            "[defaults]\nlists = [\n  \"work\",\n}\n", 4,
            "expected a value (a string in quotes, a number, true, false, an array or an "
                + "inline table), found '}'"
        ),
        (
            "[presets.x]\nlists = [\"work\"]\n[presets.x]\n", 3,
            "a table is defined twice: [presets.x] (first on line 1)"
        ),
    ])
    func aTextThatIsNotTOMLIsRefusedWithItsLine(text: String, line: Int, reason: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.presetList(withConfig: text)
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("config.toml line \(line): not valid TOML: \(reason)"), "\(run.stderr)")
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLine() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        try Data(Array("[presets.x]\nlists = [\"w".utf8) + [0xFF] + Array("ork\"]\n".utf8))
            .write(to: URL(fileURLWithPath: refocus.home + "/refocus/config.toml"))
        let run = try refocus("preset", "list")
        #expect(run.status == 78, "\(run.stderr)")
        #expect(
            run.stderr.contains("config.toml line 2: not valid TOML: bytes that are not UTF-8 text"), "\(run.stderr)")
    }
}
