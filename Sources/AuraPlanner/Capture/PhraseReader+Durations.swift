/// Lengths: `45m`, `1.5h`, `1h30`, `2 hours`, `half an hour`.
extension PhraseReader {
    func duration(at index: Int) throws(CaptureError) -> Match? {
        try withPreposition(Words.durationPrepositions, at: index) { (start, _) throws(CaptureError) in
            try durationCore(at: start)
        }
    }

    private func durationCore(at index: Int) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        var minutes: Double
        var length = 1
        if first == "half", word(index + 1) == "an" || word(index + 1) == "a", word(index + 2) == "hour" {
            return Match(length: 3, value: .duration(30))
        } else if let compact = compactDuration(first) {
            minutes = compact.minutes
            if compact.hoursOnly, let extra = word(index + 1).flatMap(compactDuration), !extra.hoursOnly,
                extra.minutes < 60
            {
                minutes += extra.minutes
                length = 2
            }
        } else if let number = decimal(first) ?? Words.numberWords[first].map(Double.init), let unit = word(index + 1) {
            let isArticle = first == "a" || first == "an"
            if Words.hourUnits.contains(unit) {
                minutes = number * 60
            } else if Words.minuteUnits.contains(unit), unit != "m", !isArticle {
                minutes = number
            } else {
                return nil
            }
            length = 2
        } else {
            return nil
        }
        // Compared as a Double: `9999999999999999999h` is past what an Int holds.
        let rounded = minutes.rounded()
        guard rounded >= 1, rounded <= Double(InputLimits.maximumTaskMinutes) else {
            throw error(
                index, "'\(tokens[index].word)' is not a usable duration; expected between 1 minute and 24 hours")
        }
        return Match(length: length, value: .duration(Int(rounded)))
    }

    /// `45m`, `90min`, `1.5h`, `2hrs`, `1h30`, `1h30m`. `hoursOnly` marks a whole-hour form
    /// that a following `30m` may extend. A number above 180 with a bare `m` is left alone:
    /// `swim 400m` means metres.
    private func compactDuration(_ text: String) -> (minutes: Double, hoursOnly: Bool)? {
        let number = text.prefix { ($0.isASCII && $0.isNumber) || $0 == "." }
        guard let value = decimal(number) else { return nil }
        let unit = String(text.dropFirst(number.count))
        if Words.hourUnits.contains(unit) { return (value * 60, value == value.rounded()) }
        if Words.minuteUnits.contains(unit) { return unit == "m" && value > 180 ? nil : (value, false) }
        if let h = unit.firstIndex(of: "h"), unit[..<h].isEmpty, value == value.rounded() {
            var rest = unit[unit.index(after: h)...]
            if rest.hasSuffix("m") { rest = rest.dropLast() }
            if let extra = Int(rest), (0..<60).contains(extra), (1...2).contains(rest.count) {
                return (value * 60 + Double(extra), false)
            }
        }
        return nil
    }

    /// `2`, `1.5`: digits with at most one decimal point (never `nan` or `1e3`).
    private func decimal(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }),
            text.filter({ $0 == "." }).count <= 1
        else { return nil }
        return Double(String(text))
    }
}
