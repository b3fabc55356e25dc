import Foundation
import SiteEngine

/// What `/design/` shows: every token with its measured values.
struct DesignSystemModel: Encodable, Sendable {
    struct Swatch: Encodable, Sendable {
        let hex: String
        let onBackground: String
        let onSurface: String
        let rating: String
    }

    struct Color: Encodable, Sendable {
        let name: String
        let cssVar: String
        let use: String
        let light: Swatch
        let dark: Swatch
        /// Classes that paint the light and dark samples.
        let lightSample: String
        let darkSample: String
    }

    struct TypeStep: Encodable, Sendable {
        let step: String
        let cssVar: String
        let px: String
        let rem: String
        let isHeading: Bool
        /// The class that sets the sample in this step.
        let sample: String
        /// Steps below the base are for captions, so their sample is one.
        let isCaption: Bool
    }

    struct Measure: Encodable, Sendable {
        let name: String
        let cssVar: String
        let px: String
        /// The class that applies the measure to its sample.
        let sample: String
    }

    struct Value: Encodable, Sendable {
        let name: String
        let cssVar: String
        let value: String
    }

    struct Font: Encodable, Sendable {
        let name: String
        let cssVar: String
        let stack: String
        /// The class that sets the sample in this family.
        let sample: String
    }

    let colors: [Color]
    let typeScale: [TypeStep]
    let radii: [Measure]
    let spacing: [Measure]
    let motion: [Value]
    let fonts: [Font]

    init(tokens: DesignTokens) {
        let background = tokens.color("background")!
        let surface = tokens.color("surface")!
        func swatch(_ color: RGBColor, on ground: RGBColor, _ raised: RGBColor) -> Swatch {
            let ratios = (color.contrast(with: ground), color.contrast(with: raised))
            return Swatch(
                hex: color.hex, onBackground: Self.ratio(ratios.0), onSurface: Self.ratio(ratios.1),
                rating: ContrastRating(ratio: min(ratios.0, ratios.1)).rawValue)
        }
        colors = tokens.colors.map { token in
            Color(
                name: token.name, cssVar: "--color-\(token.name)", use: token.use,
                light: swatch(token.light, on: background.light, surface.light),
                dark: swatch(token.dark, on: background.dark, surface.dark),
                lightSample: TokenStylesheet.sampleClass("color-\(token.name)-light"),
                darkSample: TokenStylesheet.sampleClass("color-\(token.name)-dark"))
        }
        let scale = tokens.typeScale
        typeScale = scale.steps.sorted(by: >).map { step in
            TypeStep(
                step: String(step), cssVar: "--" + TokenStylesheet.stepProperty(step),
                px: TokenStylesheet.format(scale.pixels(step), digits: 2),
                rem: TokenStylesheet.format(scale.rem(step), digits: 3), isHeading: step >= 2,
                sample: TokenStylesheet.sampleClass(TokenStylesheet.stepProperty(step)), isCaption: step < 0)
        }
        radii = tokens.radii.map {
            Measure(
                name: $0.name, cssVar: "--radius-\($0.name)", px: TokenStylesheet.format($0.pixels, digits: 2),
                sample: TokenStylesheet.sampleClass("radius-\($0.name)"))
        }
        spacing = tokens.spacing.map {
            Measure(
                name: $0.name, cssVar: "--space-\($0.name)", px: TokenStylesheet.format($0.pixels, digits: 2),
                sample: TokenStylesheet.sampleClass("space-\($0.name)"))
        }
        motion = tokens.motion.map { Value(name: $0.name, cssVar: "--\($0.name)", value: $0.value) }
        fonts = tokens.fonts.map {
            Font(
                name: $0.name, cssVar: "--font-\($0.name)", stack: $0.value,
                sample: TokenStylesheet.sampleClass("font-\($0.name)"))
        }
    }

    /// A contrast ratio as people write it: `4.74:1`.
    static func ratio(_ value: Double) -> String {
        String(format: "%.2f:1", value)
    }
}
