import Diagnostics
import Foundation
import Mustache
import SiteEngine

/// One entry of the reflection library (`Content/reflections/*.md`): when it applies and a
/// Mustache body that names the day's real blocks and figures.
struct Reflection: Sendable {
    enum Time: String, Sendable, CaseIterable {
        case morning, evening
    }

    let file: String
    let time: Time
    let conditions: [ReflectionCondition]
    /// The body, parsed once, under the name `body`.
    let body: TemplateLibrary

    static let keys = ["time", "when"]

    /// How telling the reflection is when it applies: the weight of its conditions.
    var specificity: Int { conditions.reduce(0) { $0 + $1.weight } }

    /// Whether every condition holds for `facts`.
    func applies(to facts: ReflectionFacts) -> Bool {
        conditions.allSatisfy { $0.holds(for: facts) }
    }

    /// The body rendered with the day's facts, as HTML (the body is Markdown). The facts hold
    /// task titles as a person typed them, so they are escaped for Markdown, and bare
    /// addresses are not turned into links: a title such as `[x](https://evil.example)` is text.
    func render(_ facts: ReflectionFacts) throws -> String {
        Markdown.html(
            try body.render("body", try MustacheValue(encoding: facts), escaping: Markdown.escaping), autolinks: false)
    }

    static func parse(_ text: String, file: String) throws(SourceError) -> Reflection {
        let document = try FrontMatterDocument(text: text, file: file)
        let fields = document.fields
        try fields.rejectUnknownKeys(allowed: keys)
        let timeText = try fields.requiredString("time")
        guard let time = Time(rawValue: timeText) else {
            throw fields.error("unknown time '\(timeText)'; expected 'morning' or 'evening'", at: fields.node["time"]!)
        }
        var conditions: [ReflectionCondition] = []
        if let when = try fields.mapping("when") {
            for (key, mark) in when.keys {
                conditions.append(try ReflectionCondition(key: key, at: mark, fields: when))
            }
        }
        guard !document.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw SourceError(
                file: file, line: document.bodyLine, column: 1,
                message: "the reflection has no text; expected a few sentences after the front matter")
        }
        let body: TemplateLibrary
        do {
            body = try TemplateLibrary(templates: ["body": document.body])
        } catch let error as MustacheError {
            throw SourceError(
                file: file, line: error.line + document.bodyLine - 1, column: error.column, message: error.message)
        } catch {
            throw SourceError(file: file, line: document.bodyLine, column: 1, message: "\(error)")
        }
        return Reflection(file: file, time: time, conditions: conditions, body: body)
    }
}
