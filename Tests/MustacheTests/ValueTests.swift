import Foundation
import Testing

@testable import Mustache

@Suite struct ValueTests {
    @Test func jsonTellsBooleansFromNumbers() throws {
        let data = Data(
            #"{"yes": true, "no": false, "one": 1, "zero": 0, "half": 0.5, "two": 2.0, "name": "x", "none": null, "list": [1, true]}"#
                .utf8)
        let value = MustacheValue(json: try JSONSerialization.jsonObject(with: data))
        #expect(
            value == [
                "yes": true, "no": false, "one": 1, "zero": 0, "half": 0.5, "two": 2.0,
                "name": "x", "none": nil, "list": [1, true]
            ])
    }

    @Test func jsonAcceptsTopLevelScalars() {
        #expect(MustacheValue(json: "text") == "text")
        #expect(MustacheValue(json: NSNumber(value: 3)) == 3)
        #expect(MustacheValue(json: NSNull()) == nil)
    }

    @Test(arguments: [
        (MustacheValue.int(85), "85"),
        (.double(1.21), "1.21"),
        (.double(2.0), "2"),
        (.double(-0.5), "-0.5"),
        (.bool(true), "true"),
        (.null, ""),
        (.array([1, 2]), ""),
        (.string(#"<a href="x">Tom & Jerry's</a>"#), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    ])
    func interpolation(_ value: MustacheValue, _ expected: String) throws {
        let library = try TemplateLibrary(templates: ["t": "{{v}}"])
        #expect(try library.render("t", ["v": value]) == expected)
    }

    @Test func unescapedTagsKeepHTML() throws {
        let library = try TemplateLibrary(templates: ["t": "{{{v}}} {{&v}}"])
        #expect(try library.render("t", ["v": "<b>'&'</b>"]) == "<b>'&'</b> <b>'&'</b>")
    }

    @Test(arguments: [
        (MustacheValue.null, false), (.bool(false), false), (.array([]), false),
        (.bool(true), true), (.int(0), true), (.string(""), true), (.dictionary([:]), true)
    ])
    func sectionTruthiness(_ value: MustacheValue, _ shown: Bool) throws {
        let library = try TemplateLibrary(templates: ["t": "{{#v}}shown{{/v}}"])
        #expect(try library.render("t", ["v": value]) == (shown ? "shown" : ""))
    }
}
