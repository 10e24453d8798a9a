import Foundation
import RefocusTestSupport
import Testing

/// libpsl and libidn2 are loaded at their first call, not at every start
/// (Sources/CPSL/shim.h says why). With each made unloadable in the
/// sandbox's own mount namespace (/dev/null bound over the library file, as
/// if the package were gone), the status line still runs, and adding an
/// entry that needs the library is refused with one line naming the package
/// (the old binaries, which named both libraries, did not start at all).
@Suite(.enabled(if: getuid() == 0, "needs root (a mount namespace of its own)"))
struct LazyLibraryTests {
    /// `hide LIBRARY`: /dev/null bound over every file the library's soname leads to.
    static let hide = #"""
        export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" REFOCUS_HELPER="$BIN/refocus-helper"
        mkdir -p "$HOME"
        hide() {
          for soname in "$@"; do
            file=$(readlink -f "/usr/lib/x86_64-linux-gnu/$soname")
            mount --bind /dev/null "$file"
          done
        }
        try() {
          status=0
          "$@" > "$WORK/out" 2> "$WORK/err" || status=$?
          echo "status $status: $(cat "$WORK/out" "$WORK/err")"
        }

        """#

    @Test func withoutLibpslTheStatusLineRunsAndAnEntryNamesThePackage() throws {
        let run = try Sandbox().run(
            Self.hide + #"""
                hide libpsl.so.5
                try "$BIN/refocus" status --format waybar
                try "$BIN/refocus" list add focus example.test
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"status 0: {"alt":"idle""#), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "status 65: refocus: the public suffix list is missing; install it with 'apt-get install publicsuffix libpsl5'"
            ), "\(run.stdout)")
    }

    @Test func withoutLibidn2AnInternationalNameNamesThePackage() throws {
        let run = try Sandbox().run(
            Self.hide + #"""
                hide libidn2.so.0
                try "$BIN/refocus" status --format waybar
                try "$BIN/refocus" list add focus bücher.test
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"status 0: {"alt":"idle""#), "\(run.stdout)")
        #expect(
            run.stdout.contains("libidn2 (libidn2.so.0) cannot be loaded; install it with 'apt-get install libidn2-0'"),
            "\(run.stdout)")
    }
}
