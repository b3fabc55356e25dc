/// The smallest design tokens a theme may have: every colour the engine requires and one step
/// of each scale, as a txtar-style file (`-- Templates/tokens.yml --` and its lines), for the
/// engine's tests and Aura's site fixture alike.
public enum MinimalTheme {
    public static let tokensFile = """
        -- Templates/tokens.yml --
        colors:
          - {name: background, use: Ground, light: "#F5F5F7", dark: "#000000"}
          - {name: surface, use: Cards, light: "#FFFFFF", dark: "#1C1C1E"}
          - {name: text, use: Text, light: "#1C1C1E", dark: "#F5F5F7"}
          - {name: primary, use: Lines, light: "#D1D1D6", dark: "#3A3A3C"}
          - {name: accent, use: Accent, light: "#FF3B30", dark: "#FF453A"}
          - {name: muted, use: Muted, light: "#8E8E93", dark: "#8E8E93"}
          - {name: text-muted, use: Muted text, light: "#6E6E73", dark: "#A1A1A6"}
          - {name: text-accent, use: Accent text, light: "#D70015", dark: "#FF6961"}
        type:
          base_px: 16
          ratio: 1.414
          steps: [0, 1]
          line_height_body: 1.55
          line_height_heading: 1.1
          families: {heading: system-ui, body: system-ui, mono: monospace}
          heading_weight: 300
        radii: {sm: 8}
        spacing: {sm: 16}
        motion: {duration_quick: 180ms}
        layout: {measure: 38rem}
        """
}
