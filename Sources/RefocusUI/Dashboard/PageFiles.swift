/// The page's files, built into the binary (SwiftPM's `embedInCode`): the
/// dashboard fetches nothing from anywhere else. index.html gets the token
/// in its `{{TOKEN}}` placeholder, for the page's POSTs.
public enum PageFiles {
    /// The answer for the page's file `name` (`""` for index.html), nil when there is none.
    public static func response(_ name: String, token: AccessToken) -> HttpResponse? {
        switch name {
        case "": .content(index(token: token), type: "text/html; charset=utf-8")
        case "app.css": .content(PackageResources.app_css, type: "text/css; charset=utf-8")
        case "app.js": .content(PackageResources.app_js, type: "text/javascript; charset=utf-8")
        case "icon.svg": .content(PackageResources.icon_svg, type: "image/svg+xml")
        default: nil
        }
    }

    /// index.html with `token` in place of its placeholder.
    static func index(token: AccessToken) -> [UInt8] {
        let text = String(decoding: PackageResources.index_html, as: UTF8.self)
        return Array(text.replacing("{{TOKEN}}", with: token.text).utf8)
    }

    /// The bytes of index.html, app.css and app.js together (what a first load transfers, less the icon).
    public static var pageSize: Int {
        PackageResources.index_html.count + PackageResources.app_css.count + PackageResources.app_js.count
    }
}
