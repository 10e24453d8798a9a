import Foundation
import RefocusCore

/// `refocus-bench toml`: our TOML reader (`TOMLTable(parsing:)`, what reads
/// policy.toml as root and config.toml at every `refocus start`) on the
/// document shapes a careless reader makes quadratic, each at two sizes ten
/// times apart: the time should grow ten times, not a hundred. policy.toml
/// and config.toml are a few hundred bytes; these are far larger on purpose.
enum TOMLBench {
    /// A shape: its name and the document holding `count` of its parts.
    struct Shape: Sendable {
        let name: String
        let document: @Sendable (Int) -> String
    }

    static let shapes = [
        Shape(name: "keys (k = n)") { count in (0..<count).map { "k\($0) = \($0)\n" }.joined() },
        Shape(name: "arrays of tables ([[a]] with a subtable)") { count in
            String(repeating: "[[a]]\nb = 1\n[a.c]\n", count: count)
        },
        Shape(name: "a string of \\u escapes") { count in "s = \"" + String(repeating: "\\u00e9x", count: count) + "\""
        },
        Shape(name: "an array's elements") { count in "a = [" + String(repeating: "1, ", count: count) + "]" },
        Shape(name: "a multi-line string of quotes") { count in
            "s = \"\"\"" + String(repeating: "\"\"x", count: count) + "\"\"\""
        },
        Shape(name: "comment lines") { count in
            String(repeating: "# " + String(repeating: "é", count: 100) + "\n", count: count / 10)
        },
    ]

    static func run(_ options: BenchMain.Options) throws {
        let small = options.checkOnly ? 1_000 : 10_000
        print(
            "toml: TOMLTable(parsing:) per document, median of \(options.checkOnly ? 1 : 5); the larger is 10x the smaller "
                + "(a reading that grows with its input takes about 10x as long; a quadratic one about 100x)")
        for shape in shapes {
            var times: [Double] = []
            for count in [small, small * 10] {
                let bytes = Array(shape.document(count).utf8)
                times.append(try Measure.median(runs: options.checkOnly ? 1 : 5) { _ = try TOMLTable(parsing: bytes) })
            }
            let growth = times[1] / max(times[0], 1e-9)
            print(
                "  \(shape.name): \(Measure.format(times[0])) at \(small), \(Measure.format(times[1])) at \(small * 10): "
                    + String(format: "%.1fx", growth) + (growth >= 50 ? ", QUADRATIC-LIKE" : ""))
        }
    }
}
