import Foundation
import Testing

@testable import Mustache

@Suite struct EncodingTests {
    struct Author: Encodable {
        let name: String
        let url: String?
        let followers: Int?
    }

    enum Status: String, Encodable {
        case draft, published
    }

    struct Post: Encodable {
        let title: String
        let author: Author?
        let tags: [String]
        let featured: Bool
        let comments: Int
        let rating: Double
        let status: Status
        let related: [Post]
    }

    static let post = Post(
        title: "Swift & Mustache",
        author: Author(name: "Ada", url: nil, followers: nil),
        tags: ["swift", "templates"],
        featured: true,
        comments: 0,
        rating: 4.5,
        status: .published,
        related: [
            Post(
                title: "Older", author: nil, tags: [], featured: false, comments: 3, rating: 2,
                status: .draft, related: [])
        ])

    @Test func convertsNestedStructsArraysAndOptionals() throws {
        let value = try MustacheValue(encoding: Self.post.related[0])
        #expect(
            value == [
                "title": "Older",
                "author": nil,
                "tags": [],
                "featured": false,
                "comments": 3,
                "rating": 2.0,
                "status": "draft",
                "related": []
            ])
        #expect(try MustacheValue(encoding: Self.post.author) == ["name": "Ada", "url": nil, "followers": nil])
    }

    @Test func convertsScalarsAndCollections() throws {
        #expect(try MustacheValue(encoding: true) == .bool(true))
        #expect(try MustacheValue(encoding: UInt8(7)) == .int(7))
        #expect(try MustacheValue(encoding: Float(0.5)) == .double(0.5))
        #expect(try MustacheValue(encoding: UInt64.max) == .double(Double(UInt64.max)))
        #expect(try MustacheValue(encoding: [1, nil, 3] as [Int?]) == [1, nil, 3])
        #expect(try MustacheValue(encoding: ["a": ["b": 1]]) == ["a": ["b": 1]])
        #expect(try MustacheValue(encoding: Optional<String>.none) == .null)
    }

    @Test func datesUseTheirEncodableForm() throws {
        let date = Date(timeIntervalSinceReferenceDate: 86_400)
        #expect(try MustacheValue(encoding: ["published": date]) == ["published": 86_400.0])
    }

    @Test func rendersAnEncodableStruct() throws {
        let library = try TemplateLibrary(templates: [
            "post": """
            <h1>{{title}}</h1>
            {{#featured}}
            <p class="featured">Featured</p>
            {{/featured}}
            {{#author}}
            <p>By {{name}}{{#url}} ({{.}}){{/url}}</p>
            {{/author}}
            <ul>
            {{#tags}}
              <li>{{.}}</li>
            {{/tags}}
            </ul>
            <p>{{comments}} comments, rated {{rating}}, {{status}}</p>
            {{! The related post's nil author must not fall through to the outer post's author. }}
            {{#related}}
            <a>{{title}}{{^author}} (no author){{/author}}{{^featured}} (not featured){{/featured}}</a>
            {{/related}}
            """
        ])
        let output = try library.render("post", MustacheValue(encoding: Self.post))
        #expect(
            output == """
                <h1>Swift &amp; Mustache</h1>
                <p class="featured">Featured</p>
                <p>By Ada</p>
                <ul>
                  <li>swift</li>
                  <li>templates</li>
                </ul>
                <p>0 comments, rated 4.5, published</p>
                <a>Older (no author) (not featured)</a>

                """)
    }
}
