import Foundation

/// An sRGB colour written as `#RRGGBB`, with the WCAG 2 contrast arithmetic.
package struct RGBColor: Sendable, Equatable {
    package let red: UInt8
    let green: UInt8
    let blue: UInt8

    /// Parses `#RRGGBB` (case-insensitive); `nil` for anything else.
    package init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        red = UInt8(value >> 16 & 0xFF)
        green = UInt8(value >> 8 & 0xFF)
        blue = UInt8(value & 0xFF)
    }

    /// Uppercase `#RRGGBB`.
    package var hex: String {
        "#" + [red, green, blue].map { String(format: "%02X", $0) }.joined()
    }

    /// WCAG 2 relative luminance.
    var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio between this colour and `other`, from 1 to 21.
    package func contrast(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// How text of a colour may be used at a given contrast ratio (WCAG 2.x, level AA/AAA).
package enum ContrastRating: String, Sendable {
    case aaa = "AAA"
    case aa = "AA"
    case aaLarge = "AA Large"
    case decorative = "Decorative"

    package init(ratio: Double) {
        switch ratio {
        case 7...: self = .aaa
        case 4.5...: self = .aa
        case 3...: self = .aaLarge
        default: self = .decorative
        }
    }
}
