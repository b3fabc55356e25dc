import Foundation
import Testing

@testable import AuraHTTP

/// The name–value lists a request carries besides its headers, read as browsers write them.
@Suite struct FormFieldsTests {
    @Test func aTargetSplitsIntoItsPathAndQuery() {
        #expect(FormFields.split(target: "/a%20b/?next=%2Fx&y") == ("/a%20b/", "next=%2Fx&y"))
        #expect(FormFields.split(target: "/plain/") == ("/plain/", ""))
        #expect(FormFields.split(target: "/?") == ("/", ""))
    }

    @Test func urlEncodedPairsAreDecodedInOrder() {
        let pairs = FormFields.parse("name=Sam+Lee&note=caf%C3%A9%20%26%20more&empty=&flag&name=again&bad=%zz")
        #expect(pairs.map(\.name) == ["name", "note", "empty", "flag", "name"])
        #expect(pairs.map(\.value) == ["Sam Lee", "café & more", "", "", "again"])
    }

    @Test func cookiesAreReadByNameTheFirstWinning() {
        let cookies = FormFields.cookies(#"aura_session=abc; theme="dark"; aura_session=later;  lone"#)
        #expect(cookies == ["aura_session": "abc", "theme": "dark", "lone": ""])
    }

    @Test func aMultipartBodyIsReadByGMimeWithItsFileAndFields() {
        let boundary = "----aura7MA4YWxkTrZu0gW"
        let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"
        let body = [
            "--\(boundary)", #"Content-Disposition: form-data; name="csrf""#, "", "t0k3n",
            "--\(boundary)", #"Content-Disposition: form-data; name="calendar"; filename="work.ics""#,
            "Content-Type: text/calendar", "", calendar, "--\(boundary)",
            #"Content-Disposition: form-data; name="note""#,
            "Content-Transfer-Encoding: base64", "", Data("héllo".utf8).base64EncodedString(), "--\(boundary)--", ""
        ].joined(separator: "\r\n")
        let fields = FormFields.form(contentType: "multipart/form-data; boundary=\(boundary)", body: Data(body.utf8))
        #expect(fields.map(\.name) == ["csrf", "calendar", "note"])
        #expect(fields.first?.value == "t0k3n")
        #expect(fields.dropFirst().first?.value == calendar)
        #expect(fields.last?.value == "héllo")
    }

    @Test func bodiesThatAreNotFormsHaveNoFields() {
        #expect(FormFields.form(contentType: "application/json", body: Data("a=b".utf8)).isEmpty)
        #expect(FormFields.form(contentType: "multipart/form-data; boundary=x", body: Data("nonsense".utf8)).isEmpty)
        #expect(FormFields.form(contentType: "multipart/form-data\r\nX: y; boundary=x", body: Data()).isEmpty)
    }
}
