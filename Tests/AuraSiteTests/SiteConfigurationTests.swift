import AuraTestSupport
import Foundation
import Testing

@testable import AuraPlanner
@testable import AuraSite

struct SiteConfigurationTests {
    @Test func readsEveryField() throws {
        let text = """
            title: Aura
            description: Calm.
            base_url: https://example.org/aura
            language: en-GB
            time_zone: America/New_York
            day:
              start: "07:45"
              end: "19:00"
            """
        let configuration = try SiteConfiguration.parse(text, file: "site.yml")
        #expect(configuration.baseURL.absoluteString == "https://example.org/aura/")
        #expect(configuration.timeZone.identifier == "America/New_York")
        #expect(configuration.dayStartMinutes == 7 * 60 + 45)
        #expect(configuration.dayEndMinutes == 19 * 60)
        #expect(configuration.language == "en-GB")
        #expect(configuration.partsOfDay == PartOfDay.defaultSpans)
    }

    /// `accounts:`, `mail:` and `deploy:` are read and checked by the server and `aura deploy`.
    @Test func theSectionsOtherModulesReadAreLetThrough() throws {
        let text = """
            title: A
            base_url: https://a.b/
            accounts:
              signup: open
            mail:
              smtp: smtp://a.b:25
              from: a@b.c
            deploy:
              personal: true
            """
        #expect(try SiteConfiguration.parse(text, file: "site.yml").title == "A")
    }

    /// What `aura deploy` leaves home unless `deploy: {personal: true}`.
    @Test func thePersonalPagesAndASecretCalendarHoldTheDay() {
        for path in ["planner/index.html", "dashboard/", "aura.ics", "notifications.json", "calendar/x7Q/aura.ics"] {
            #expect(PersonalPaths.holdsTheDay(path), "\(path)")
        }
        for path in ["index.html", "culture/README.md", "design/index.html", "calendars.html"] {
            #expect(!PersonalPaths.holdsTheDay(path), "\(path)")
        }
    }

    @Test func partsOfDayMayBeMoved() throws {
        let text = """
            title: Aura
            base_url: https://example.org/
            parts_of_day:
              morning:
                start: "07:00"
                end: "11:30"
              night:
                start: "22:00"
                end: "24:00"
            """
        let parts = try SiteConfiguration.parse(text, file: "site.yml").partsOfDay
        #expect(parts[.morning] == MinuteSpan(start: 7 * 60, end: 11 * 60 + 30))
        #expect(parts[.night] == MinuteSpan(start: 22 * 60, end: 24 * 60))
        #expect(parts[.evening] == PartOfDay.defaultSpans[.evening])
    }

    @Test func bedtimeEndsTheEveningAfterTheWindow() throws {
        let site = "title: Aura\nbase_url: https://example.org/\n"
        #expect(try SiteConfiguration.parse(site, file: "site.yml").bedtimeMinutes == 22 * 60 + 30)
        let late = site + "day:\n  start: \"10:00\"\n  end: \"23:00\"\n"
        #expect(try SiteConfiguration.parse(late, file: "site.yml").bedtimeMinutes == 23 * 60)
        let named = site + "day:\n  start: \"08:30\"\n  end: \"18:30\"\n  bedtime: \"23:45\"\n"
        #expect(try SiteConfiguration.parse(named, file: "site.yml").bedtimeMinutes == 23 * 60 + 45)
    }

    @Test(arguments: [
        (
            "title: A\nbase_url: /relative\n",
            "site.yml:2:11: base_url expects an absolute address such as https://aura.example/ (http or https)"
        ),
        (
            "title: A\nbase_url: https://a.b/\ntime_zone: Mars/Olympus\n",
            "site.yml:3:12: unknown time zone 'Mars/Olympus'; expected an IANA name such as Europe/London"
        ),
        (
            "title: A\nbase_url: https://a.b/\nday:\n  start: \"25:00\"\n  end: \"18:00\"\n",
            "site.yml:4:10: '25:00' is not a time of day; expected HH:MM on a 24-hour clock, such as 08:30"
        ),
        (
            "title: A\nbase_url: https://a.b/\nday:\n  start: \"18:00\"\n  end: \"09:00\"\n",
            "site.yml:5:8: the day ends before it starts; expected 'end' later than 'start'"
        ),
        (
            "title: A\nbase_url: https://a.b/\nparts_of_day:\n  evening:\n    start: \"21:00\"\n    end: \"17:00\"\n",
            "site.yml:6:10: the evening ends before it starts; expected 'end' later than 'start'"
        ),
        (
            "title: A\nbase_url: https://a.b/\nparts_of_day:\n  mornin:\n    start: \"07:00\"\n    end: \"11:00\"\n",
            "site.yml:4:3: unknown key 'mornin'; did you mean 'morning'?"
        ),
        (
            "title: A\nbase_url: https://a.b/\nparts_of_day:\n  night:\n    start: \"9pm\"\n    end: \"24:00\"\n",
            "site.yml:5:12: '9pm' is not a time of day; expected HH:MM on a 24-hour clock, such as 08:30"
        ),
        (
            "title: A\nbase_url: https://a.b/\nparts_of_day:\n  night:\n    begin: \"21:00\"\n    end: \"24:00\"\n",
            "site.yml:5:5: unknown key 'begin'; expected one of start, end"
        ),
        (
            "title: A\nbase_url: https://a.b/\nday:\n  start: \"08:00\"\n  end: \"18:00\"\n  bedtime: \"17:00\"\n",
            "site.yml:6:12: bedtime 17:00 comes before the day ends at 18:00; expected 'bedtime' at or after 'end'"
        ),
        (
            "title: A\nbase_url: https://a.b/\nday:\n  start: \"08:00\"\n  end: \"18:00\"\n  bedtime: \"25:00\"\n",
            "site.yml:6:12: '25:00' is not a time of day; expected HH:MM on a 24-hour clock, such as 08:30"
        ),
        (
            "title: A\nbase_url: https://a.b/\nday:\n  start: \"08:00\"\n  end: \"18:00\"\n  bedtim: \"22:00\"\n",
            "site.yml:6:3: unknown key 'bedtim'; did you mean 'bedtime'?"
        ),
        (
            "title: A\nbase_url: https://a.b/\ntimezone: UTC\n",
            "site.yml:3:1: unknown key 'timezone'; did you mean 'time_zone'?"
        ),
        ("base_url: https://a.b/\n", "site.yml:1:1: missing required key 'title'")
    ])
    func rejectsBadSettings(text: String, expected: String) {
        do {
            _ = try SiteConfiguration.parse(text, file: "site.yml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }
}
