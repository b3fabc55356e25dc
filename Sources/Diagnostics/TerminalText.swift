/// `text` safe to print on a terminal: every control character (an escape sequence, a carriage
/// return, a line break) is shown as `\u{…}` instead of acting, so a file name or an answer
/// from a server cannot move the cursor, recolour the screen or forge another line.
public func terminalText(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.properties.generalCategory == .control {
            result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}
