import AuraTestSupport
import Diagnostics
import Foundation
import SiteEngine
import Testing

@testable import AuraSite

struct TokenTests {
    static let tokensURL = Project.templates.appendingPathComponent("tokens.yml")

    @Test func stylesheetCarriesTheSeedPalette() throws {
        let css = TokenStylesheet(tokens: try DesignTokens.load(from: Self.tokensURL, in: .disk), headingFontPath: nil)
            .css
        for (name, hex) in [
            ("background", "#F5F5F7"), ("surface", "#FFFFFF"), ("text", "#1C1C1E"),
            ("primary", "#D1D1D6"), ("accent", "#FF3B30"), ("muted", "#8E8E93")
        ] {
            #expect(css.contains("--color-\(name): \(hex);"), "missing \(name)")
        }
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
        #expect(!css.contains("@font-face"))
    }

    @Test func scaleStepsAreBaseTimesRatioToTheN() throws {
        let css = TokenStylesheet(tokens: try DesignTokens.load(from: Self.tokensURL, in: .disk), headingFontPath: nil)
            .css
        var found = 0
        var smallest = Double.infinity
        for line in css.split(separator: "\n") where line.hasPrefix("  --step-") {
            let parts = line.trimmingCharacters(in: .whitespaces).dropFirst("--step-".count).split(separator: ":")
            let step = try #require(Int(parts[0]))
            let rem = try #require(Double(parts[1].trimmingCharacters(in: .whitespaces).dropLast("rem;".count)))
            #expect(abs(rem * 16 - 16 * pow(1.414, Double(step))) < 0.002, "step \(step)")
            found += 1
            smallest = min(smallest, rem * 16)
        }
        #expect(found == 8)
        // Step -1 (11.3 px) is the caption size and the smallest: nothing on the scale is below 11 px.
        #expect(smallest >= 11)
    }

    @Test func fontFaceAppearsOnlyWithTheFont() throws {
        let css = TokenStylesheet(
            tokens: try DesignTokens.load(from: Self.tokensURL, in: .disk), headingFontPath: "/assets/fonts/x.woff2"
        ).css
        #expect(css.contains("font-display: swap;"))
        #expect(css.contains("src: url(\"/assets/fonts/x.woff2\") format(\"woff2\");"))
        // One variable face for the light headings and the text's 400 to 600.
        #expect(css.contains("font-weight: 300 700;"))
        #expect(css.contains("--font-body: -apple-system, BlinkMacSystemFont, \"SF Pro Text\", \"Inter Tight\""))
    }

    @Test func aVariableFaceNamesTheWeightsItSpansAroundTheHeadingWeight() throws {
        let text = try String(contentsOf: Self.tokensURL, encoding: .utf8)
        for (weights, message) in [
            ("[300]", "'heading_font_weights' is [300]; expected the lightest and the heaviest weight"),
            ("[700, 300]", "'heading_font_weights' is [700, 300]; expected"),
            ("[300, heavy]", "'heading_font_weights' is [300, heavy]; expected"),
            ("[400, 700]", "'heading_font_weights' spans 400 to 700, not heading_weight 300")
        ] {
            let edited = text.replacingOccurrences(
                of: "heading_font_weights: [300, 700]", with: "heading_font_weights: \(weights)")
            #expect(edited != text)
            let error = #expect(throws: SourceError.self) { try DesignTokens.parse(edited, file: "tokens.yml") }
            #expect(error?.description.contains(message) == true, "\(weights): \(String(describing: error))")
            #expect(error?.description.hasPrefix("tokens.yml:") == true)
        }
    }

    /// White on black is 21:1 by WCAG's definition; DESIGN.md states the seed accent and muted
    /// colours reach 3.26:1 and 2.99:1 on the background.
    @Test func contrastMatchesWCAG() throws {
        let white = try #require(RGBColor(hex: "#FFFFFF"))
        let black = try #require(RGBColor(hex: "#000000"))
        #expect(abs(white.contrast(with: black) - 21) < 0.0001)
        let background = try #require(RGBColor(hex: "#F5F5F7"))
        #expect(DesignSystemModel.ratio(try #require(RGBColor(hex: "#FF3B30")).contrast(with: background)) == "3.26:1")
        #expect(DesignSystemModel.ratio(try #require(RGBColor(hex: "#8E8E93")).contrast(with: background)) == "2.99:1")
    }

    @Test func derivedTextColoursPassAAOnBothGrounds() throws {
        let tokens = try DesignTokens.load(from: Self.tokensURL, in: .disk)
        for name in ["text", "text-muted", "text-accent"] {
            let color = try #require(tokens.color(name))
            for (value, scheme) in [(color.light, "light"), (color.dark, "dark")] {
                let background =
                    scheme == "light" ? tokens.color("background")!.light : tokens.color("background")!.dark
                let surface = scheme == "light" ? tokens.color("surface")!.light : tokens.color("surface")!.dark
                #expect(value.contrast(with: background) >= 4.5, "\(name) on \(scheme) background")
                #expect(value.contrast(with: surface) >= 4.5, "\(name) on \(scheme) surface")
            }
        }
    }

    @Test func badColourIsLocated() {
        let text = "colors:\n  - name: background\n    light: \"#F5F5F\"\n    dark: \"#000000\"\n"
        #expect(
            throws: SourceError(
                file: "tokens.yml", line: 3, column: 12, message: "'#F5F5F' is not a colour; expected #RRGGBB")
        ) {
            _ = try DesignTokens.parse(text, file: "tokens.yml")
        }
    }

    /// The theme's own tokens with one line replaced.
    static func tokensError(replacing old: String, with new: String) throws -> String? {
        let text = try String(contentsOf: tokensURL, encoding: .utf8)
        #expect(text.contains(old))
        do {
            _ = try DesignTokens.parse(text.replacingOccurrences(of: old, with: new), file: "tokens.yml")
            return nil
        } catch {
            return error.description.replacingOccurrences(
                of: #"^tokens\.yml:\d+:"#, with: "tokens.yml:L:", options: .regularExpression)
        }
    }

    @Test(arguments: [
        ("ratio: 1.414", "ratio: 1e308", "tokens.yml:L:10: 'ratio' is 1e+308; expected 1.05 to 2"),
        ("base_px: 16", "base_px: -16", "tokens.yml:L:12: 'base_px' is -16; expected 8 to 32 px"),
        (
            "line_height_body: 1.55", "line_height_body: 0",
            "tokens.yml:L:21: 'line_height_body' is 0; expected 0.8 to 3"
        ),
        (
            "heading_weight: 300", "heading_weight: 9000",
            "tokens.yml:L:19: 'heading_weight' is 9000; expected 1 to 1000, a CSS font weight"
        ),
        ("  sm: 8", "  sm: -8", "tokens.yml:L:7: 'sm' is -8; expected 0 to 4096 px"),
        (
            "  measure: 38rem", "  measure: \"38rem; } body { display: none\"",
            "tokens.yml:L:12: 'measure' holds ';', which would end the CSS declaration; expected a single CSS value"
        )
    ])
    func tokensOutsideSaneRangesAreErrors(old: String, new: String, expected: String) throws {
        #expect(try Self.tokensError(replacing: old, with: new) == expected)
    }
}
