import Glibc
import RefocusCore
import RefocusOS

/// What `refocus start` and `refocus status` say when one of the user's
/// browsers that read their managed policies only as they start (Firefox:
/// Chromium-family browsers reload theirs within seconds) was started before
/// its policy file last changed: the browser rules reach it only at its next
/// start, while /etc/hosts and the firewall already block.
enum BrowserRestartAdvice {
    /// The lines to print, one a browser; none when every running browser
    /// of the user's started after its policy's last change.
    static func lines(uid: UInt32 = getuid()) -> [String] {
        let running = StartedBefore.programs(
            FirefoxInstall.executables, ofUser: uid, before: [FirefoxInstall.systemFile])
        guard !running.isEmpty else { return [] }
        return ["Firefox is running: the browser rules apply from its next start; hosts and the firewall block now"]
    }
}
