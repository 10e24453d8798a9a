import Foundation
import RefocusCore

extension Sandbox {
    /// Whether Debian's Chromium is installed on this machine, and so seen
    /// in every sandbox: a session there writes its managed policy
    /// (/etc/chromium/policies/managed/refocus.json, in the overlay).
    public static var hasChromium: Bool {
        ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// What `refocus status` ends its "Enforced by" line with here during a
    /// session: `, browser policies (Chromium)` where Chromium is installed.
    public static var chromiumLayer: String { hasChromium ? ", browser policies (Chromium)" : "" }

    /// What `refocus status` ends its "Enforced by" line with during a
    /// session that blocks sites, the table in force and `block_doh_endpoints`
    /// left on: the DNS-over-HTTPS endpoints' addresses (`DoHEndpoints`).
    public static var dohLayer: String {
        ", DNS-over-HTTPS endpoints (\(DoHEndpoints.addresses.count) addresses, ports 443 and 853)"
    }

    /// A bash line that keeps the browser policy layer out of a sandbox
    /// (a read-only, empty /etc/chromium: the helper notes that it cannot
    /// write there), for a test of what the layers below show a browser.
    public static let withoutChromiumPolicies =
        "mkdir -p /etc/chromium && mount -t tmpfs -o ro,mode=0755 tmpfs /etc/chromium"
}

extension Sandbox {
    /// Bash functions for a sandbox script: `serve_site ADDRESS` starts a
    /// web server on ADDRESS port 8081 whose page says `the local site`
    /// (its pid in `$server`); `browse URL` prints `the local site` when
    /// headless Chromium loads it, or Chromium's `ERR_…` otherwise.
    public static let chromiumFunctions = #"""
        serve_site() {
          mkdir -p "$WORK/site"; echo '<p>the local site</p>' > "$WORK/site/index.html"
          python3 -m http.server 8081 --bind "$1" --directory "$WORK/site" > /dev/null 2>&1 & server=$!
          for _ in $(seq 100); do [ "$(connect 127.0.0.1 8081)" = connected ] && break; sleep 0.02; done
        }
        browse() {
          local page=$(timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$WORK/chromium" \
            --dump-dom "$1" 2> "$WORK/chromium.log" | grep -o 'the local site' | head -1)
          echo "${page:-$(grep -o 'ERR_[A-Z_]*' "$WORK/chromium.log" | head -1)}"
        }

        """#
}
