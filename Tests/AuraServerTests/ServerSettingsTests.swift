import Foundation
import SiteEngine
import Testing

@testable import AuraServer

/// What `site.yml` says to `aura serve` alone, read by the server: `accounts:` and `mail:`.
struct ServerSettingsTests {
    @Test func withoutTheSectionsAnInvitationIsNeededAndNoMailGoes() throws {
        let settings = try ServerSettings(
            try SettingsFile.parse("title: A\nbase_url: https://a.b/\n", file: "site.yml"))
        #expect(settings == ServerSettings())
        #expect(settings.signUp == .invite && settings.mail == nil && settings.calendarRefreshMinutes == 60)
    }

    @Test func readsAccountsAndMail() throws {
        let text = """
            title: Aura
            base_url: https://example.org/
            accounts:
              signup: open
              calendar_hosts: [calendar.google.com, "*.Example.org"]
              calendar_local_hosts: [nextcloud.lan]
              calendar_refresh: 15
            mail:
              smtp: smtp://mail.example.org:587
              from: Aura <aura@example.org>
              user: aura
              password_env: AURA_SMTP_PASSWORD
            """
        let configuration = try ServerSettings(try SettingsFile.parse(text, file: "site.yml"))
        #expect(configuration.signUp == .open)
        #expect(configuration.calendarHosts == ["calendar.google.com", "*.example.org"])
        #expect(configuration.calendarLocalHosts == ["nextcloud.lan"] && configuration.calendarRefreshMinutes == 15)
        #expect(
            configuration.mail
                == MailSettings(
                    smtp: URL(string: "smtp://mail.example.org:587")!, from: "Aura <aura@example.org>",
                    user: "aura", passwordVariable: "AURA_SMTP_PASSWORD"))
    }

    @Test(arguments: [
        (
            "title: A\nbase_url: https://a.b/\naccounts:\n  signup: maybe\n",
            "site.yml:4:11: 'maybe' is not a way to sign up; expected closed, invite or open"
        ),
        (
            "title: A\nbase_url: https://a.b/\naccounts:\n  calendar_hosts: [\"a.b/c\"]\n",
            "site.yml:4:20: 'a.b/c' is not a host name; expected one such as calendar.example.org or *.example.org"
        ),
        (
            "title: A\nbase_url: https://a.b/\naccounts:\n  calendar_local_hosts: [\"*.lan\"]\n",
            "site.yml:4:26: '*.lan' is not a host name; expected one such as calendar.example.org"
        ),
        (
            "title: A\nbase_url: https://a.b/\naccounts:\n  calendar_refresh: 0\n",
            "site.yml:4:21: 'calendar_refresh' is 0; expected 1 or more"
        ),
        (
            "title: A\nbase_url: https://a.b/\nmail:\n  smtp: http://a.b/\n  from: a@b.c\n",
            "site.yml:4:9: 'http://a.b/' is not an SMTP server; expected smtp://host:port or smtps://host:port"
        ),
        (
            "title: A\nbase_url: https://a.b/\nmail:\n  smtp: smtp://a.b:25\n  from: a@b.c\n  password: secret\n",
            "site.yml:6:3: unknown key 'password'; did you mean 'password_env'?"
        )
    ])
    func rejectsBadSettings(text: String, expected: String) {
        do {
            _ = try ServerSettings(try SettingsFile.parse(text, file: "site.yml"))
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }
}
