#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore

/// The calling user's own crontab, read and written through crontab(1), the
/// only way in: the spool (/var/spool/cron/crontabs) is open to the setgid
/// `crontab` program alone. Runs with the caller's privileges.
///
/// `crontab -l` prints the crontab as it is, but for two bytes: it writes a
/// carriage return as `\r` and a backspace as `\b` (against listings that
/// hide lines), so a listing that holds either pair may not be the crontab's
/// bytes. Then the bytes are read through `crontab -e`, with an "editor"
/// that copies the file crontab hands it and changes nothing.
public enum UserCrontab {
    /// The crontab's bytes; empty when the user has none.
    ///
    /// - Throws: `CrontabError`.
    public static func read() throws(CrontabError) -> [UInt8] {
        let listing = try run(["crontab", "-l"])
        if listing.status != 0 {
            // Debian's crontab: "no crontab for USER", status 1.
            if text(listing.standardError).hasPrefix("no crontab for ") { return [] }
            throw failure("crontab -l", listing)
        }
        let bytes = [UInt8](listing.standardOutput)
        return mayHideBytes(bytes) ? try readThroughEditor() : bytes
    }

    /// Installs `bytes` as the whole crontab (`crontab -`, which checks every
    /// line first and installs nothing on error); empty bytes remove the
    /// crontab (`crontab -r`), as it was before the first schedule.
    ///
    /// - Throws: `CrontabError.refused` with crontab's reason when it refuses the text.
    public static func write(_ bytes: [UInt8]) throws(CrontabError) {
        if bytes.isEmpty {
            let removal = try run(["crontab", "-r"])
            if removal.status != 0, !text(removal.standardError).hasPrefix("no crontab for ") {
                throw failure("crontab -r", removal)
            }
            return
        }
        let install = try run(["crontab", "-"], input: Data(bytes))
        guard install.status != 0 else { return }
        let message = text(install.standardError)
        if message.contains("not allowed to use this program") { throw .notAllowed(message) }
        throw .refused(message.isEmpty ? "status \(install.status)" : message)
    }

    /// Whether a listing holds `\r` or `\b`, which crontab -l writes for a carriage return or a backspace.
    static func mayHideBytes(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains {
            $0 == UInt8(ascii: "\\") && ($1 == UInt8(ascii: "r") || $1 == UInt8(ascii: "b"))
        }
    }

    /// The crontab's exact bytes, copied by `crontab -e`'s editor into a private temporary file.
    private static func readThroughEditor() throws(CrontabError) -> [UInt8] {
        let environment = ProcessInfo.processInfo.environment
        let copy: String
        do {
            copy = try TemporaryFile.create(prefix: "refocus-crontab", suffix: "", bytes: [], environment: environment)
        } catch {
            throw .failed(command: "crontab -e", status: 0, message: error.description)
        }
        defer { TemporaryFile.remove(copy) }
        // crontab runs `sh -c "$VISUAL FILE"` as the user: FILE becomes $0 of this inner shell.
        let editor = #"/bin/sh -c 'cat -- "$0" > "$REFOCUS_CRONTAB_COPY"'"#
        let edit = try run([
            "env", "VISUAL=" + editor, "EDITOR=" + editor, "REFOCUS_CRONTAB_COPY=" + copy,
            "crontab", "-e",
        ])
        guard edit.status == 0 else { throw failure("crontab -e", edit) }
        do {
            return try FileReader.readIfPresent(copy) ?? []
        } catch {
            throw .failed(command: "crontab -e", status: 0, message: error.description)
        }
    }

    /// Runs `arguments` with `input` (else nothing) on its standard input.
    private static func run(_ arguments: [String], input: Data = Data()) throws(CrontabError)
        -> ForegroundProcess.Output
    {
        do {
            return try ForegroundProcess.run(arguments, input: input)
        } catch  where error.errno == .noSuchFileOrDirectory {
            throw .notInstalled
        } catch {
            throw .failed(command: arguments.joined(separator: " "), status: 0, message: error.description)
        }
    }

    private static func failure(_ command: String, _ output: ForegroundProcess.Output) -> CrontabError {
        let message = text(output.standardError)
        if message.contains("not allowed to use this program") { return .notAllowed(message) }
        return .failed(command: command, status: output.status, message: message)
    }

    /// Standard error as one line: its lines joined, without the final line break.
    private static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).split(separator: "\n").joined(separator: "; ")
    }
}
