import Diagnostics
import Foundation
import SiteEngine

/// Reads and validates one culture entry, collecting every problem in the file rather than
/// stopping at the first.
struct CultureEntryParser {
    static let keys = [
        "title", "creator", "kind", "region", "country", "year", "tags", "energy",
        "length", "venue", "link", "summary", "published", "slug"
    ]

    /// Where the file is, as messages name it.
    let file: String
    private let folder: String
    private let fileName: String
    private var errors: [SourceError] = []

    /// A parser of the file named `fileName` (`kokoro.md`) in `folder`, as messages name it
    /// (`Content/culture/`; every entry of a library shares the one string).
    init(folder: String, fileName: String) {
        file = folder + fileName
        self.folder = folder
        self.fileName = fileName
    }

    /// The entry `text` holds, or every error found in it.
    mutating func parse(_ text: String) -> Result<CultureEntry, SourceErrors> {
        let defaultSlug = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let document: FrontMatterDocument
        do {
            document = try FrontMatterDocument(text: text, file: file)
        } catch {
            return .failure(SourceErrors(errors: [error]))
        }
        let fields = document.fields
        if !fields.keys.isEmpty {
            attempt { () throws(SourceError) in try fields.rejectUnknownKeys(allowed: Self.keys) }
        } else {
            errors.append(
                SourceError(
                    file: file, line: 1, column: 1,
                    message:
                        "missing front matter; expected a '---' block with title, creator, kind, region, country, year, tags, energy, length, summary and published"
                ))
            return .failure(SourceErrors(errors: errors))
        }
        let title = attempt { () throws(SourceError) in try fields.requiredString("title") }
        let creator = attempt { () throws(SourceError) in try fields.requiredString("creator") }
        let kind = attempt { () throws(SourceError) in
            try Self.choice(fields, "kind", CultureEntry.Kind.allCases.map(\.rawValue), noun: "kind")
        }
        .flatMap(CultureEntry.Kind.init(rawValue:))
        let region = attempt { () throws(SourceError) in
            try Self.choice(fields, "region", CultureEntry.regions, noun: "region")
        }
        let country = attempt { () throws(SourceError) in try fields.requiredString("country") }
        let year = attempt { () throws(SourceError) in try Self.year(fields) }
        let tags = attempt { () throws(SourceError) in try Self.tags(fields) }
        let energy = attempt { () throws(SourceError) in
            try Self.choice(fields, "energy", CultureEntry.Energy.allCases.map(\.rawValue), noun: "energy")
        }
        .flatMap(CultureEntry.Energy.init(rawValue:))
        let length = attempt { () throws(SourceError) in try fields.requiredString("length") }
        let venue = attempt { () throws(SourceError) in try fields.string("venue") } ?? nil
        let link = (attempt { () throws(SourceError) in try Self.link(fields) } ?? nil)?.absoluteString
        let summary = attempt { () throws(SourceError) in try Self.summary(fields) }
        let published = attempt { () throws(SourceError) in try date(fields, "published") }
        let slug = attempt { () throws(SourceError) in try Self.slug(fields, default: defaultSlug) }
        if let tags, tags.contains(.liveVisit), venue == nil, fields.node["venue"] == nil {
            errors.append(
                fields.error(
                    "tag 'Live Visit' needs a 'venue': where a person can go to see it", at: fields.node["tags"]!))
        }
        for (key, placeholder) in CultureScaffold.placeholders.sorted(by: { $0.key < $1.key })
        where (try? fields.string(key)).flatMap({ $0 }).map(Self.trimmed) == placeholder {
            errors.append(
                fields.error(
                    "'\(placeholder)' is still the placeholder 'aura new culture' wrote; expected the entry's own \(key)",
                    at: fields.node[key]!))
        }
        if document.body.drop(while: \.isWhitespace).hasPrefix(CultureScaffold.placeholderBody) {
            errors.append(
                SourceError(
                    file: file, line: document.bodyLine, column: 1,
                    message:
                        "the body is still the placeholder 'aura new culture' wrote; expected your own few sentences"
                ))
        }
        if document.body.unicodeScalars.allSatisfy(CharacterSet.whitespacesAndNewlines.contains) {
            errors.append(
                SourceError(
                    file: file, line: document.bodyLine, column: 1,
                    message: "the entry has no body; expected a few sentences on why it is worth an evening"))
        }
        guard errors.isEmpty, let title, let creator, let kind, let region, let country, let year, let tags,
            let energy, let length, let summary, let published, let slug
        else {
            return .failure(SourceErrors(errors: errors))
        }
        return .success(
            CultureEntry(
                slug: slug, sourceFolder: folder, title: title, creator: creator, kind: kind, region: region,
                country: country,
                year: year, tags: tags, energy: energy, length: length, venue: venue, link: link, summary: summary,
                published: published,
                source: CultureSource(name: fileName, frontMatter: document.frontMatter, body: document.body)))
    }

    private mutating func attempt<T>(_ read: () throws(SourceError) -> T) -> T? {
        do {
            return try read()
        } catch {
            errors.append(error)
            return nil
        }
    }

    private static func choice(_ fields: YAMLFields, _ key: String, _ allowed: [String], noun: String)
        throws(SourceError) -> String
    {
        let value = try fields.requiredString(key)
        guard allowed.contains(value) else {
            throw fields.error(Self.unknown(noun, value, allowed), at: fields.node[key]!)
        }
        return value
    }

    static func unknown(_ noun: String, _ value: String, _ allowed: [String]) -> String {
        if let suggestion = nearest(to: value, in: allowed) {
            return "unknown \(noun) '\(value)'; did you mean '\(suggestion)'?"
        }
        return "unknown \(noun) '\(value)'; expected one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
    }

    private static func year(_ fields: YAMLFields) throws(SourceError) -> String {
        let node = try fields.present("year", required: true)!
        let text = try fields.requiredString("year")
        if case .scalar(_, true, _) = node, Int(text) == nil, text.first?.isNumber == true || text.first == "-" {
            throw fields.error(
                "'\(text)' is not a year; expected a whole number (negative before the common era) or a quoted range such as \"c. 1000–1012\"",
                at: node)
        }
        return text
    }

    private static func tags(_ fields: YAMLFields) throws(SourceError) -> [CultureEntry.Tag] {
        let allowed = CultureEntry.Tag.allCases.map(\.rawValue)
        let listed = try fields.strings("tags", required: true)!
        guard !listed.isEmpty else {
            throw fields.error(
                "'tags' is empty; expected one or more of \(allowed.map { "'\($0)'" }.joined(separator: ", "))",
                at: fields.node["tags"]!)
        }
        var tags: [CultureEntry.Tag] = []
        for (text, node) in listed {
            guard let tag = CultureEntry.Tag(rawValue: text) else {
                throw fields.error(Self.unknown("tag", text, allowed), at: node)
            }
            guard !tags.contains(tag) else { throw fields.error("tag '\(text)' is listed twice", at: node) }
            tags.append(tag)
        }
        return tags
    }

    private static func link(_ fields: YAMLFields) throws(SourceError) -> URL? {
        guard let text = try fields.string("link") else { return nil }
        do {
            try LinkURL.check(text, absolute: true)
        } catch {
            throw fields.error(error.message, at: fields.node["link"]!)
        }
        guard let url = URL(string: text) else {
            throw fields.error(
                "'\(text)' is not a web address; expected an absolute https:// link", at: fields.node["link"]!)
        }
        return url
    }

    private static func summary(_ fields: YAMLFields) throws(SourceError) -> String {
        let text = trimmed(try fields.requiredString("summary"))
        guard !text.contains("\n") else {
            throw fields.error("the summary spans several lines; expected one line", at: fields.node["summary"]!)
        }
        return text
    }

    /// `text` without blanks or line breaks at either end. Not `trimmingCharacters`, which goes
    /// through NSString and copies the text twice, for every entry of a large site.
    private static func trimmed(_ text: String) -> String {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text[start...].lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return String(text[start..<end])
    }

    /// Lowercase letters, digits and hyphens: a slug becomes a folder of the site.
    static func isUsable(slug: String) -> Bool {
        !slug.isEmpty && slug.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    private static func slug(_ fields: YAMLFields, default fallback: String) throws(SourceError) -> String {
        let slug = try fields.string("slug") ?? fallback
        guard isUsable(slug: slug) else {
            let node = fields.node["slug"] ?? fields.node
            throw fields.error(
                "'\(slug)' is not a usable slug; expected lowercase letters, digits and hyphens (rename the file or set 'slug:')",
                at: node)
        }
        return slug
    }
}

/// A `YYYY-MM-DD` field, checked to be a real calendar day.
func date(_ fields: YAMLFields, _ key: String) throws(SourceError) -> String {
    let node = try fields.present(key, required: true)!
    let text = try fields.requiredString(key)
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
        let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
        (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else {
        throw fields.error("'\(text)' is not a date; expected YYYY-MM-DD, such as 2026-11-02", at: node)
    }
    return text
}

private func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
}
