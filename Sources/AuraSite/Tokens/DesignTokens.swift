import Foundation

/// The design system's values from `Templates/tokens.yml`.
public struct DesignTokens: Sendable {
    /// A named colour with its light and dark values.
    public struct ColorToken: Sendable {
        public let name: String
        public let use: String
        public let light: RGBColor
        public let dark: RGBColor
    }

    /// A named CSS value (a radius, a space, a duration, an easing).
    public struct NamedValue: Sendable {
        public let name: String
        public let value: String
    }

    public let colors: [ColorToken]
    public let typeScale: TypeScale
    public let fonts: [NamedValue]
    public let headingWeight: Int
    /// The heading family's font file, when the theme ships one (`type.heading_font`).
    public let headingFont: FontFile?
    /// Radii and spacing in CSS pixels.
    public let radii: [(name: String, pixels: Double)]
    public let spacing: [(name: String, pixels: Double)]
    public let motion: [NamedValue]
    public let layout: [NamedValue]

    /// Colours every theme relies on; a tokens file without one of them is rejected.
    static let requiredColors = ["background", "surface", "text", "primary", "accent", "muted", "text-muted", "text-accent"]
    static let keys = ["colors", "type", "radii", "spacing", "motion", "layout"]

    /// The colour named `name`; the required ones always exist.
    public func color(_ name: String) -> ColorToken? { colors.first { $0.name == name } }

    /// Reads and validates `tokens.yml`.
    public static func load(from url: URL) throws -> DesignTokens {
        try parse(try ContentFile.read(url), file: ContentFile.displayPath(url))
    }

    /// Parses the text of a tokens file; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(SourceError) -> DesignTokens {
        let fields = try YAMLFields(try YAMLParser(file: file).parse(text), file: file)
        try fields.rejectUnknownKeys(allowed: keys)
        let colors = try parseColors(fields)
        for name in requiredColors where !colors.contains(where: { $0.name == name }) {
            throw fields.error("missing colour token '\(name)'; expected an entry with name: \(name)", at: fields.node["colors"]!)
        }
        let type = try fields.mapping("type", required: true)!
        let families = try type.mapping("families", required: true)!
        return DesignTokens(
            colors: colors,
            typeScale: try TypeScale(type),
            fonts: try namedValues(families),
            headingWeight: try type.integer("heading_weight") ?? 300,
            headingFont: try FontFile(type, families: families),
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
            colors.append(ColorToken(name: try entry.requiredString("name"), use: try entry.string("use") ?? "",
                                     light: try hex("light"), dark: try hex("dark")))
        }
        return colors
    }

    private static func namedValues(_ fields: YAMLFields) throws(SourceError) -> [NamedValue] {
        var values: [NamedValue] = []
        for (key, _) in fields.keys {
            values.append(NamedValue(name: key.replacingOccurrences(of: "_", with: "-"), value: try fields.requiredString(key)))
        }
        return values
    }

    private static func pixelValues(_ fields: YAMLFields) throws(SourceError) -> [(name: String, pixels: Double)] {
        var values: [(name: String, pixels: Double)] = []
        for (key, _) in fields.keys {
            values.append((key, try fields.number(key, required: true)!))
        }
        return values
    }
}

/// A modular type scale: step n is `basePixels × ratio^n`.
public struct TypeScale: Sendable {
    public let basePixels: Double
    public let ratio: Double
    public let steps: [Int]
    public let lineHeightBody: Double
    public let lineHeightHeading: Double

    init(_ fields: YAMLFields) throws(SourceError) {
        basePixels = try fields.number("base_px", required: true)!
        ratio = try fields.number("ratio", required: true)!
        guard ratio > 1 else { throw fields.error("the type scale ratio must be greater than 1", at: fields.node["ratio"]!) }
        var steps: [Int] = []
        for (text, node) in try fields.strings("steps", required: true)! {
            guard let step = Int(text) else { throw fields.error("expected a whole-number step", at: node) }
            steps.append(step)
        }
        self.steps = steps
        lineHeightBody = try fields.number("line_height_body") ?? 1.5
        lineHeightHeading = try fields.number("line_height_heading") ?? 1.1
    }

    /// The size of `step` relative to the base (1 rem).
    public func rem(_ step: Int) -> Double { pow(ratio, Double(step)) }

    /// The size of `step` in CSS pixels.
    public func pixels(_ step: Int) -> Double { basePixels * rem(step) }
}
