/// A Chromium-family browser as installed on Linux: the folder whose JSON
/// files it reads as mandatory machine policies, and the files that show it
/// is installed (any one of them).
public struct ChromiumBrowser: Sendable, Equatable {
    /// A short name for reports and status (`chromium`, `chrome`).
    public let name: String
    /// The managed policy folder, absolute.
    public let policyFolder: String
    /// Executables of the browser's packages; one present means installed.
    public let probes: [String]

    /// A browser.
    public init(name: String, policyFolder: String, probes: [String]) {
        self.name = name
        self.policyFolder = policyFolder
        self.probes = probes
    }

    /// The browsers ReFocus knows: Debian's and Ubuntu's Chromium (whose
    /// packages read different folders), Google Chrome, Brave and
    /// Microsoft Edge, as their Linux packages install them.
    public static let known: [ChromiumBrowser] = [
        ChromiumBrowser(
            name: "chromium", policyFolder: "/etc/chromium/policies/managed",
            probes: ["/usr/lib/chromium/chromium", "/usr/bin/chromium"]),
        ChromiumBrowser(
            name: "chromium-browser", policyFolder: "/etc/chromium-browser/policies/managed",
            probes: ["/usr/lib/chromium-browser/chromium-browser", "/snap/bin/chromium"]),
        ChromiumBrowser(
            name: "chrome", policyFolder: "/etc/opt/chrome/policies/managed",
            probes: ["/opt/google/chrome/chrome"]),
        ChromiumBrowser(
            name: "brave", policyFolder: "/etc/brave/policies/managed",
            probes: ["/opt/brave.com/brave/brave"]),
        ChromiumBrowser(
            name: "edge", policyFolder: "/etc/opt/edge/policies/managed",
            probes: ["/opt/microsoft/msedge/msedge"]),
    ]
}
