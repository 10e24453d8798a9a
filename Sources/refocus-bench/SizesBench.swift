import Foundation
import Glibc

/// What the installed binaries weigh and what each library adds to them:
/// the static release binaries of `make static`, as built and stripped as
/// `make install` strips them, with each library's share of what the
/// stripped file loads, summed from the link map lld wrote beside the binary
/// (`.build-static/maps/NAME.map`: every input section with its size and
/// the archive or object it came from). Beside each size, the stripped
/// binary's start-up: `refocus --version` (or the helper's) from spawn to
/// exit, against `true` (any process's floor). Target: `refocus` under 20 MB.
enum SizesBench {
    static let folder = ".build-static/release"
    static let maps = ".build-static/maps"
    static let runs = 100
    /// The target for the stripped `refocus`, in bytes.
    static let target = 20_000_000

    static func run(_ options: BenchMain.Options) throws {
        print("installed binaries (make static, stripped as make install strips them; shares from the link map):")
        let scratch = NSTemporaryDirectory() + "refocus-sizes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let floor = try TimedSpawn("/bin/true", []).times(runs: options.checkOnly ? 10 : runs).median
        print("  true (any process's floor): median \(Measure.format(floor))")
        for name in ["refocus", "refocus-helper"] {
            let built = FileManager.default.currentDirectoryPath + "/" + folder + "/" + name
            guard access(built, X_OK) == 0 else {
                print("  \(name): \(folder)/\(name) is not built (make static): not measured")
                continue
            }
            let stripped = scratch + "/" + name
            try Measure.shell("strip --strip-unneeded -o '\(stripped)' '\(built)'")
            let size = try fileSize(stripped)
            let verdict = name != "refocus" ? "" : size < target ? "; under the target" : "; OVER the target"
            let startup = try TimedSpawn(stripped, ["--version"]).times(runs: options.checkOnly ? 10 : runs).median
            print(
                "  \(name): \(megabytes(try fileSize(built))) as built, \(megabytes(size)) stripped\(verdict); "
                    + "--version median \(Measure.format(startup)) (\(String(format: "%.1f", startup / floor))× true's)"
            )
            guard let shares = try? LinkMapShares(path: maps + "/" + name + ".map") else {
                print("    no link map (\(maps)/\(name).map: make static writes it)")
                continue
            }
            for (library, bytes) in shares.largest(12) {
                print("    \(megabytes(bytes).padding(toLength: 9, withPad: " ", startingAt: 0)) \(library)")
            }
            print("    \(megabytes(shares.total)) in all loaded sections")
        }
    }

    static func fileSize(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}

/// The bytes each library contributes to a binary's loaded sections, read
/// from an lld link map (`-Xlinker --Map=FILE`): the input sections of every
/// output section that the stripped binary keeps in its file (code, data,
/// unwind tables, Swift metadata; not `.bss`, `.debug_*`, `.symtab` or the
/// linker's own tables), grouped by archive (`libFoundationEssentials.a`)
/// or by the module whose object it is (`RefocusCore`, `ArgumentParser`).
struct LinkMapShares {
    private(set) var bytes: [String: Int] = [:]

    /// Output sections that occupy the stripped file.
    static let kept: Set<String> = [
        ".text", ".rodata", ".data", ".data.rel.ro", ".eh_frame", ".gcc_except_table",
        ".init_array", ".fini_array", ".tdata", ".init", ".fini", ".got", ".got.plt",
    ]

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var output = ""
        for line in text.split(separator: "\n") {
            // VMA LMA Size Align, then the output section one space after Align, an input
            // section nine, a symbol seventeen.
            guard let (size, rest) = Self.columns(line) else { continue }
            let indent = rest.prefix { $0 == " " }.count
            let name = rest.dropFirst(indent)
            if indent == 0 {
                output = String(name)
            } else if indent == 8, Self.kept.contains(output) || output.hasPrefix("swift5_") {
                bytes[Self.library(of: name), default: 0] += size
            }
        }
    }

    /// A line's size (its third column, hexadecimal) and what follows its
    /// fourth, from the space after it; nil for a line of another shape.
    static func columns(_ line: Substring) -> (size: Int, rest: Substring)? {
        var index = line.startIndex
        var fields: [Substring] = []
        while fields.count < 4 {
            while index < line.endIndex, line[index] == " " { index = line.index(after: index) }
            let start = index
            while index < line.endIndex, line[index] != " " { index = line.index(after: index) }
            guard start < index else { return nil }
            fields.append(line[start..<index])
        }
        guard let size = Int(fields[2], radix: 16), index < line.endIndex else { return nil }
        return (size, line[line.index(after: index)...])
    }

    /// The library an input section such as `/x/libFoo.a(a.o):(.text)` or
    /// `/x/.build-static/release/RefocusCore.build/A.swift.o:(.text)` came from.
    static func library(of input: Substring) -> String {
        let file = input.prefix { $0 != ":" }
        if let open = file.firstIndex(of: "("), file.hasSuffix(")") {
            return String(file[..<open].split(separator: "/").last ?? "")
        }
        let parts = file.split(separator: "/")
        if let module = parts.last(where: { $0.hasSuffix(".build") }) { return String(module.dropLast(6)) }
        return String(parts.last ?? file)
    }

    /// The `count` largest shares, largest first.
    func largest(_ count: Int) -> [(String, Int)] {
        bytes.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.prefix(count).map {
            ($0.key, $0.value)
        }
    }

    /// Every share together.
    var total: Int { bytes.values.reduce(0, +) }
}
