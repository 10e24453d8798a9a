/// Where Firefox looks for the system's policies and what its processes are
/// called: root writes `systemFile` (FirefoxPolicies), and the CLI tells a
/// user whose Firefox started before the file to restart it.
public enum FirefoxInstall {
    /// The file every Firefox build reads its enterprise policies from, once, as it starts.
    public static let systemFile = "/etc/firefox/policies/policies.json"
    /// The names of Firefox's executables (`/proc/PID/exe`'s last component):
    /// Mozilla's builds and the snap (`firefox`, `firefox-bin`), Debian's ESR.
    public static let executables: Set<String> = ["firefox", "firefox-bin", "firefox-esr"]
}
