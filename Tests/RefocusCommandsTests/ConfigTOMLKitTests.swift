import Foundation
import RefocusTestSupport
import Testing

/// Lines TOMLKit's parser misread in config.toml, found by fuzzing: a table
/// header that names no table (`[=]`) and an array element that starts with
/// `}`, on which it aborted `refocus`, and a NUL byte, where it stopped
/// reading without a word (a preset after it was lost). Refused with their
/// line and exit status 78, as any config that is not valid TOML.
@Suite struct ConfigTOMLKitTests {
    @Test(arguments: [
        ("[=]\n", 1, "a table header names no table"), ("# mine\n[[[presets.x]]]\n", 2, "a table header names no table"),
        ("[defaults]\nnotify = true\n[\n", 3, "a table header names no table"),
        ("[defaults]\u{0}\n[presets.x]\nlists = [\"work\"]\n", 1, "a NUL byte"),
        ("[defaults]\nlists = [\n  \"work\",\n}\n", 4, "an array's element starts with '}'"),
    ])
    func aLineTOMLKitMisreadsIsRefused(text: String, line: Int, reason: String) throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let run = try refocus.presetList(withConfig: text)
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("config.toml line \(line): not valid TOML: \(reason)"), "\(run.stderr)")
    }
}
