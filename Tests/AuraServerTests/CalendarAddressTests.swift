import Foundation
import Testing

@testable import AuraServer

/// Which calendar addresses the server may fetch: hosts on the owner's list, over https, at
/// public addresses only; the owner's local calendar servers at any address.
@Suite struct CalendarAddressTests {
    static let hosts = ["calendar.google.com", "*.icloud.com"]

    @Test(
        arguments: [
            [10, 0, 0, 1], [127, 0, 0, 1], [0, 0, 0, 0], [169, 254, 169, 254], [172, 16, 0, 1], [172, 31, 255, 255],
            [192, 168, 1, 1], [100, 64, 0, 1], [224, 0, 0, 1], [255, 255, 255, 255], [198, 18, 0, 1]
        ] as [[UInt8]])
    func privateIPv4IsRefused(_ address: [UInt8]) {
        #expect(!CalendarAddress.isPublic(address))
    }

    @Test(arguments: [[8, 8, 8, 8], [172, 32, 0, 1], [100, 128, 0, 1], [192, 169, 0, 1]] as [[UInt8]])
    func publicIPv4IsFetched(_ address: [UInt8]) {
        #expect(CalendarAddress.isPublic(address))
    }

    @Test func ipv6() {
        func v6(_ head: [UInt8], tail: [UInt8] = []) -> [UInt8] {
            head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
        }
        #expect(!CalendarAddress.isPublic(v6([], tail: [1])))  // ::1
        #expect(!CalendarAddress.isPublic(v6([])))  // ::
        #expect(!CalendarAddress.isPublic(v6([0xFD, 0x12])))  // unique local
        #expect(!CalendarAddress.isPublic(v6([0xFE, 0x80])))  // link-local
        #expect(!CalendarAddress.isPublic(v6([0xFF, 0x02])))  // multicast
        #expect(!CalendarAddress.isPublic(v6([0x20, 0x01, 0x0D, 0xB8])))  // documentation
        #expect(!CalendarAddress.isPublic(v6([], tail: [0xFF, 0xFF, 127, 0, 0, 1])))  // mapped loopback
        #expect(!CalendarAddress.isPublic(v6([0, 0x64, 0xFF, 0x9B], tail: [10, 0, 0, 1])))  // NAT64 of a private one
        #expect(CalendarAddress.isPublic(v6([], tail: [0xFF, 0xFF, 8, 8, 8, 8])))
        #expect(CalendarAddress.isPublic(v6([0x26, 0x07, 0xF8, 0xB0], tail: [0x20, 0x0E])))
    }

    @Test func hostsOnTheListOverHTTPSOnly() throws {
        let google = try CalendarAddress(
            "webcal://calendar.google.com/calendar/ical/x/basic.ics", allowedHosts: Self.hosts, localHosts: [])
        #expect(google.url.absoluteString == "https://calendar.google.com/calendar/ical/x/basic.ics")
        #expect(google.port == 443 && !google.vouched)
        #expect(
            try CalendarAddress("https://p42-caldav.icloud.com/x", allowedHosts: Self.hosts, localHosts: []).host
                == "p42-caldav.icloud.com")
        for refused in [
            "https://icloud.com.example/x", "https://evil-icloud.com/x", "http://calendar.google.com/x",
            "https://user:secret@calendar.google.com/x", "https://10.0.0.1/x", "gopher://calendar.google.com/x", ""
        ] {
            #expect(throws: CalendarAddress.Refused.self, "\(refused)") {
                try CalendarAddress(refused, allowedHosts: Self.hosts, localHosts: [])
            }
        }
    }

    @Test func localHostsAreVouchedFor() throws {
        let local = try CalendarAddress(
            "http://nextcloud.lan:8080/remote.php/dav/x.ics", allowedHosts: Self.hosts, localHosts: ["nextcloud.lan"])
        #expect(local.vouched && local.port == 8080)
    }
}
