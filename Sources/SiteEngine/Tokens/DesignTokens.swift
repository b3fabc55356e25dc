import Diagnostics
import Foundation

/// The design system's values from `Templates/tokens.yml`.
package struct DesignTokens: Sendable {
    /// A named colour with its light and dark values.
    package struct ColorToken: Sendable {
        package let name: String
        package let use: String
        package let light: RGBColor
        package let dark: RGBColor
    }

    /// A named CSS value (a radius, a space, a duration, an easing).
    package struct NamedValue: Sendable {
        package let name: String
        package let value: String
    }

    package let colors: [ColorToken]
    package let typeScale: TypeScale
    package let fonts: [NamedValue]
    let headingWeight: Int
    /// The heading family's font file, when the theme ships one (`type.heading_font`).
    package let headingFont: FontFile?
    /// Radii and spacing in CSS pixels.
    package let radii: [(name: String, pixels: Double)]
    package let spacing: [(name: String, pixels: Double)]
    package let motion: [NamedValue]
    package let layout: [NamedValue]

    /// Colours every theme relies on; a tokens file without one of them is rejected.
    static let requiredColors = [
        "background", "surface", "text", "primary", "accent", "muted", "text-muted", "text-accent"
    ]
    package static let keys = ["colors", "type", "radii", "spacing", "motion", "layout"]

    /// The colour named `name`; the required ones always exist.
    package func color(_ name: String) -> ColorToken? { colors.first { $0.name == name } }

    /// Reads and validates `tokens.yml`.
    package static func load(from url: URL, in fileSystem: FileSystem) throws -> DesignTokens {
        try parse(try ContentFile.read(url, in: fileSystem), file: displayPath(url))
    }

    /// Parses the text of a tokens file; `file` names it in errors.
    package static func parse(_ text: String, file: String) throws(SourceError) -> DesignTokens {
        let fields = try YAMLFields(try YAMLParser(file: file).parse(text), file: file)
        try fields.rejectUnknownKeys(allowed: keys)
        let colors = try parseColors(fields)
        for name in requiredColors where !colors.contains(where: { $0.name == name }) {
            throw fields.error(
                "missing colour token '\(name)'; expected an entry with name: \(name)", at: fields.node["colors"]!)
        }
        let type = try fields.mapping("type", required: true)!
        let families = try type.mapping("families", required: true)!
        let headingWeight = try headingWeight(type)
        return DesignTokens(
            colors: colors,
            typeScale: try TypeScale(type),
            fonts: try namedValues(families),
            headingWeight: headingWeight,
            headingFont: try FontFile(type, families: families, headingWeight: headingWeight),
            radii: try pixelValues(try fields.mapping("radii", required: true)!),
            spacing: try pixelValues(try fields.mapping("spacing", required: true)!),
            motion: try namedValues(try fields.mapping("motion", required: true)!),
            layout: try namedValues(try fields.mapping("layout", required: true)!))
    }

    private static func parseColors(_ fields: YAMLFields) throws(SourceError) -> [ColorToken] {
        var colors: [ColorToken] = []
        for entry in try fields.mappings("colors", required: true)! {
            try entry.rejectUnknownKeys(allowed: ["name", "use", "light", "dark"])
            func hex(_ key: String) throws(SourceError) -> RGBColor {
                let text = try entry.requiredString(key)
                guard let color = RGBColor(hex: text) else {
                    throw entry.error("'\(text)' is not a colour; expected #RRGGBB", at: entry.node[key]!)
                }
                return color
            }
            colors.append(
                ColorToken(
                    name: try entry.requiredString("name"), use: try entry.string("use") ?? "",
                    light: try hex("light"), dark: try hex("dark")))
        }
        return colors
    }

    private static func headingWeight(_ type: YAMLFields) throws(SourceError) -> Int {
        guard let weight = try type.integer("heading_weight") else { return 300 }
        guard Limits.weight.contains(weight) else {
            throw type.error(
                "'heading_weight' is \(weight); expected 1 to 1000, a CSS font weight", at: type.node["heading_weight"]!
            )
        }
        return weight
    }

    /// Values written straight into the stylesheet; `;`, `{` and `}` would end the declaration
    /// and start CSS of the file's own.
    private static func namedValues(_ fields: YAMLFields) throws(SourceError) -> [NamedValue] {
        var values: [NamedValue] = []
        for (key, _) in fields.keys {
            let value = try fields.requiredString(key)
            if let bad = value.first(where: { ";{}".contains($0) }) {
                throw fields.error(
                    "'\(key)' holds '\(bad)', which would end the CSS declaration; expected a single CSS value",
                    at: fields.node[key]!)
            }
            values.append(NamedValue(name: key.replacingOccurrences(of: "_", with: "-"), value: value))
        }
        return values
    }

    private static func pixelValues(_ fields: YAMLFields) throws(SourceError) -> [(name: String, pixels: Double)] {
        var values: [(name: String, pixels: Double)] = []
        for (key, _) in fields.keys {
            values.append((key, try fields.number(key, required: true, in: Limits.length, unit: "px")!))
        }
        return values
    }

    /// The sane range of every number in `tokens.yml`: outside them the stylesheet is nonsense
    /// (a 1e308 ratio, a negative base size), so they are errors where they are written.
    package enum Limits {
        /// The root font size: below 8 px nothing is legible, above 32 px nothing fits.
        static let basePixels: ClosedRange<Double> = 8...32
        /// A modular scale's ratio: from a minor second to an octave.
        package static let ratio: ClosedRange<Double> = 1.05...2
        /// Steps of the scale, so the largest stays a headline rather than a wall.
        package static let steps: ClosedRange<Int> = -6...10
        static let lineHeight: ClosedRange<Double> = 0.8...3
        /// CSS font weights.
        package static let weight: ClosedRange<Int> = 1...1000
        /// Radii and spacing: no negative lengths, nothing wider than a large screen.
        package static let length: ClosedRange<Double> = 0...4096
    }
}

/// A modular type scale: step n is `basePixels × ratio^n`.
package struct TypeScale: Sendable {
    let basePixels: Double
    package let ratio: Double
    package let steps: [Int]
    let lineHeightBody: Double
    let lineHeightHeading: Double

    package init(_ fields: YAMLFields) throws(SourceError) {
        typealias Limits = DesignTokens.Limits
        basePixels = try fields.number("base_px", required: true, in: Limits.basePixels, unit: "px")!
        ratio = try fields.number("ratio", required: true, in: Limits.ratio)!
        var steps: [Int] = []
        for (text, node) in try fields.strings("steps", required: true)! {
            guard let step = Int(text), Limits.steps.contains(step) else {
                throw fields.error(
                    "expected a whole-number step from \(Limits.steps.lowerBound) to \(Limits.steps.upperBound)",
                    at: node)
            }
            steps.append(step)
        }
        self.steps = steps
        lineHeightBody = try fields.number("line_height_body", in: Limits.lineHeight) ?? 1.5
        lineHeightHeading = try fields.number("line_height_heading", in: Limits.lineHeight) ?? 1.1
    }

    /// The size of `step` relative to the base (1 rem).
    package func rem(_ step: Int) -> Double { pow(ratio, Double(step)) }

    /// The size of `step` in CSS pixels.
    package func pixels(_ step: Int) -> Double { basePixels * rem(step) }
}
