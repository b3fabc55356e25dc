import Foundation

/// Turns design tokens into the CSS custom properties that open the site's stylesheet.
package struct TokenStylesheet: Sendable {
    package let tokens: DesignTokens
    /// The heading font's public path, when the theme ships one.
    package let headingFontPath: String?

    package init(tokens: DesignTokens, headingFontPath: String?) {
        self.tokens = tokens
        self.headingFontPath = headingFontPath
    }

    /// The generated CSS: an optional `@font-face`, light values on `:root`, dark values
    /// under `prefers-color-scheme: dark`.
    package var css: String {
        var lines = ["/* Generated from the theme's tokens.yml. */"]
        if let headingFontPath, let font = tokens.headingFont {
            lines += [
                "@font-face {", "  font-family: \"\(font.family)\";", "  font-style: normal;",
                "  font-weight: \(font.weights.map { "\($0.lowerBound) \($0.upperBound)" } ?? "\(tokens.headingWeight)");",
                "  font-display: swap;",
                "  src: url(\"\(headingFontPath)\") format(\"woff2\");", "}"
            ]
        }
        lines.append(":root {")
        lines.append("  color-scheme: light dark;")
        lines += declarations
        lines.append("}")
        lines += ["@media (prefers-color-scheme: dark) {", "  :root {"]
        lines += tokens.colors.map { "    --color-\($0.name): \($0.dark.hex);" }
        lines += ["  }", "}"]
        lines += sampleRules
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// One class per token for the design page's samples, so it shows every token without
    /// inline styles (which `aura serve`'s Content-Security-Policy refuses).
    private var sampleRules: [String] {
        func rule(_ property: String, _ declaration: String) -> String {
            ".\(Self.sampleClass(property)) { \(declaration); }"
        }
        return tokens.colors.flatMap { color in
            [
                rule("color-\(color.name)-light", "background-color: \(color.light.hex)"),
                rule("color-\(color.name)-dark", "background-color: \(color.dark.hex)")
            ]
        } + tokens.typeScale.steps.map { rule(Self.stepProperty($0), "font-size: var(--\(Self.stepProperty($0)))") }
            + tokens.radii.map { rule("radius-\($0.name)", "border-radius: var(--radius-\($0.name))") }
            + tokens.spacing.map { rule("space-\($0.name)", "width: var(--space-\($0.name))") }
            + tokens.fonts.map { rule("font-\($0.name)", "font-family: var(--font-\($0.name))") }
    }

    /// The class that applies the token `property` (`radius-md`, `color-accent-dark`) to a sample.
    package static func sampleClass(_ property: String) -> String { "ds-token--" + property }

    private var declarations: [String] {
        let scale = tokens.typeScale
        var properties = tokens.colors.map { ("color-\($0.name)", $0.light.hex) }
        properties += scale.steps.map { (Self.stepProperty($0), Self.format(scale.rem($0), digits: 4) + "rem") }
        properties += [
            ("line-height-body", Self.format(scale.lineHeightBody, digits: 3)),
            ("line-height-heading", Self.format(scale.lineHeightHeading, digits: 3))
        ]
        properties += tokens.fonts.map { ("font-\($0.name)", $0.value) }
        properties.append(("font-heading-weight", String(tokens.headingWeight)))
        properties += tokens.radii.map { ("radius-\($0.name)", Self.format($0.pixels, digits: 2) + "px") }
        properties += tokens.spacing.map { ("space-\($0.name)", Self.format($0.pixels, digits: 2) + "px") }
        properties += (tokens.motion + tokens.layout).map { ($0.name, $0.value) }
        return properties.map { "  --\($0.0): \($0.1);" }
    }

    /// `--step-3` for step 3, `--step--1` for step -1.
    package static func stepProperty(_ step: Int) -> String { "step-\(step)" }

    /// A number with at most `digits` decimals and no trailing zeros.
    package static func format(_ value: Double, digits: Int) -> String {
        var text = String(format: "%.\(digits)f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
