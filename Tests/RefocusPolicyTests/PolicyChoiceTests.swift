import RefocusCore
import RefocusPolicy
import Testing

/// The keys whose value is one of a few words, read by one helper
/// (`PolicyFile.choice`): a word outside them is refused with the message
/// each key had before the helper, word for word, naming every allowed word
/// in order with its meaning.
@Suite struct PolicyChoiceTests {
    @Test(arguments: [
        (
            "per_user_fallback = \"hosts\"", "per_user_fallback",
            "give \"refuse\" (a targeted user's names are not blocked without the resolver module, the default) "
                + "or \"machine\" (they go into /etc/hosts for every user), in quotes"
        ),
        (
            "user_sessions = true", "user_sessions",
            "give \"machine\" (a user's session blocks for everyone, the default) or \"owner\" (for its owner only), "
                + "in quotes"
        ),
        (
            "browser_doh = \"Off\"", "browser_doh",
            "give \"off\" (always), \"session\" (during sessions, the default) or \"leave\" (never), in quotes"
        ),
    ])
    func aWordOutsideTheChoicesIsRefusedNamingEach(text: String, key: String, reason: String) {
        #expect(throws: PolicyError.invalid(path: "policy.toml", key: key, reason: reason)) {
            try PolicyFile.parse(text, path: "policy.toml")
        }
    }

    @Test func everyWordIsRead() throws {
        for doh in BrowserDoH.allCases {
            #expect(try PolicyFile.parse("browser_doh = \"\(doh.rawValue)\"", path: "p").browsers.doh == doh)
        }
        for fallback in PerUserFallback.allCases {
            let text = "per_user_fallback = \"\(fallback.rawValue)\""
            #expect(try PolicyFile.parse(text, path: "p").perUser.fallback == fallback)
        }
        for scope in UserSessionScope.allCases {
            let text = "user_sessions = \"\(scope.rawValue)\""
            #expect(try PolicyFile.parse(text, path: "p").perUser.userSessions == scope)
        }
    }
}
