/// Lengths: `45m`, `1.5h`, `1h30`, `2 hours`, `~3 hours`, `half an hour`.
extension PhraseReader {
    func duration(at index: Int) throws(CaptureError) -> Match? {
        // `take meds every 8 hours`: how often, which a task cannot repeat at, not how long.
        if index > 0, ["every", "each"].contains(tokens[index - 1].word) { return nil }
        // `takes ca. 3 h`, `for about an hour`: two such words may come before a length.
        let twice =
            word(index).map(Words.durationPrepositions.contains) == true
                && word(index + 1).map(Words.durationPrepositions.contains) == true ? 1 : 0
        guard
            let found = try withPreposition(
                Words.durationPrepositions, at: index + twice,
                { (start, _) throws(CaptureError) in
                    try durationCore(at: start)
                })
        else { return nil }
        let match = Match(length: found.length + twice, value: found.value)
        // `defrost the chicken 2 hrs before dinner`: how long before something, not how long it takes.
        if ["before", "prior"].contains(word(index + match.length)),
            !Words.durationPrepositions.contains(tokens[index].word)
        {
            return nil
        }
        // `5 mins of scales`: the `of` goes with the length when a title word follows it.
        if word(index + match.length) == "of", continuesTitle(index + match.length + 1) {
            return Match(length: match.length + 1, value: match.value)
        }
        return match
    }

    private func durationCore(at index: Int) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        if let range = durationRange(at: index) { return range }
        var minutes: Double
        var length: Int
        if let spoken = spokenLength(at: index) {
            (minutes, length) = (Double(spoken.minutes), spoken.length)
        } else if let compact = compactDuration(first) {
            (minutes, length) = (compact.minutes, 1)
            // `1h 30m`, `2h 15`.
            if compact.hoursOnly, let extra = word(index + 1).flatMap(compactDuration), !extra.hoursOnly,
                extra.minutes < 60
            {
                minutes += extra.minutes
                length = 2
            }
        } else if case let figures = String(first.trimmingPrefix("~")),
            let number = decimal(figures) ?? fraction(figures) ?? Words.numberWords[first].map(Double.init),
            case let more = Self.moreWords.contains(word(index + 1) ?? "") ? 1 : 0, let unit = word(index + 1 + more)
        {
            let isArticle = first == "a" || first == "an"
            length = 2 + more
            if Words.hourUnits.contains(unit) {
                minutes = number * 60
                // `2 hours 30 minutes`, `1 hour and 15 minutes`, `an hour and a half`.
                if let extra = extraMinutes(at: index + length) {
                    minutes += Double(extra.minutes)
                    length += extra.length
                }
            } else if Words.minuteUnits.contains(unit), unit != "m", !isArticle {
                minutes = number
            } else {
                return nil
            }
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

    /// Where the length right before `index` starts when it says how long before something
    /// (`2 hrs before dinner`), not how long the task takes (`for 2 hrs before dinner`); nil
    /// when there is no such length.
    func offsetLengthStart(before index: Int) -> Int? {
        guard let start = lengthStart(endingAt: index - 1),
            start == 0 || !Words.durationPrepositions.contains(tokens[start - 1].word)
        else { return nil }
        return start
    }

    /// Where a length that ends at `index` starts: at a unit after a figure (`2 hrs`), the
    /// figure; a length in one word (`30m`), itself; nil when no length ends there.
    private func lengthStart(endingAt index: Int) -> Int? {
        guard index >= 0 else { return nil }
        let text = tokens[index].word
        if compactDuration(text) != nil { return index }
        guard Words.hourUnits.contains(text) || Words.minuteUnits.contains(text), index > 0,
            decimal(tokens[index - 1].word) != nil || Words.numberWords[tokens[index - 1].word] != nil
        else { return nil }
        return index - 1
    }

    /// `2 more minutes`, `10 extra mins`: a length said as what is added.
    private static let moreWords: Set<String> = ["more", "extra", "additional"]

    /// `45m`, `90min`, `1.5h`, `2hrs`, `1h30`, `1h30m`, `1/2h`. `hoursOnly` marks a whole-hour form
    /// that a following `30m` may extend. A number above 180 with a bare `m` is left alone:
    /// `swim 400m` means metres.
    func compactDuration(_ written: String) -> (minutes: Double, hoursOnly: Bool)? {
        guard let first = written.first, first.isNumber || first == "~" || first == "." else { return nil }
        let text = written.replacing("½", with: ".5").trimmingPrefix("~")
        let number = text.prefix { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "/" }
        let unit = String(text.dropFirst(number.count))
        // `1/2h`, `3/4h`: a share of an hour.
        if let share = fraction(String(number)), Words.hourUnits.contains(unit) { return (share * 60, false) }
        guard let value = decimal(number) else { return nil }
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
    func decimal(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }),
            text.filter({ $0 == "." }).count <= 1
        else { return nil }
        return Double(String(text))
    }

    /// Lengths said in words: `half an hour`, `a half hour`, `quarter of an hour`, `three
    /// quarters of an hour`, `one and a half hours`, `a couple of hours`, `a few minutes`.
    private func spokenLength(at index: Int) -> (minutes: Int, length: Int)? {
        var cursor = index
        if word(cursor) == "a" || word(cursor) == "an" { cursor += 1 }
        func unit(_ at: Int) -> Int? {
            guard let text = word(at) else { return nil }
            if Words.hourUnits.contains(text) { return 60 }
            return Words.minuteUnits.contains(text) && text != "m" ? 1 : nil
        }
        switch word(cursor) {
        case "half", "half-hour":
            if word(cursor) == "half-hour" { return (30, cursor + 1 - index) }
            if word(cursor + 1) == "an" || word(cursor + 1) == "a", word(cursor + 2) == "hour" {
                return (30, cursor + 3 - index)
            }
            return word(cursor + 1) == "hour" ? (30, cursor + 2 - index) : nil
        case "quarter":
            if word(cursor + 1) == "of", word(cursor + 2) == "an", word(cursor + 3) == "hour" {
                return (15, cursor + 4 - index)
            }
            return word(cursor + 1) == "hour" ? (15, cursor + 2 - index) : nil
        case "three" where word(cursor + 1) == "quarters":
            return word(cursor + 2) == "of" && word(cursor + 3) == "an" && word(cursor + 4) == "hour"
                ? (45, cursor + 5 - index) : nil
        case "three-quarters":
            return word(cursor + 1) == "of" && word(cursor + 2) == "an" && word(cursor + 3) == "hour"
                ? (45, cursor + 4 - index) : nil
        case "couple", "few":
            let many = word(cursor) == "couple" ? (2, 2) : (3, 5)
            var next = cursor + 1
            if word(next) == "of" { next += 1 }
            guard let scale = unit(next) else { return nil }
            return (scale == 60 ? many.0 * 60 : many.1, next + 1 - index)
        default:
            break
        }
        // `one and a half hours`, `2 and a half hrs`, `one and a quarter of an hour`, `two and three
        // quarters hours`.
        guard let whole = word(index).flatMap({ decimal($0) ?? Words.numberWords[$0].map(Double.init) }),
            word(index + 1) == "and", let part = quarters(at: index + 2)
        else { return nil }
        var end = index + 2 + part.length
        if word(end) == "of" { end += 1 }
        if word(end) == "an" || word(end) == "a" { end += 1 }
        guard let scale = unit(end) else { return nil }
        return (Int(((whole + part.share) * Double(scale)).rounded()), end + 1 - index)
    }

    /// `a half`, `half`, `a quarter`, `one quarter`, `two quarters`, `three quarters`: the share
    /// of a unit, and the words read.
    private func quarters(at index: Int) -> (share: Double, length: Int)? {
        let counted = ["a": 1, "an": 1, "one": 1, "two": 2, "three": 3][word(index) ?? ""]
        let at = counted == nil ? index : index + 1
        switch word(at) {
        case "half" where counted == nil || counted == 1: return (0.5, at + 1 - index)
        case "quarter", "quarters": return (Double(counted ?? 1) * 0.25, at + 1 - index)
        default: return nil
        }
    }

    /// The minutes after a number of hours: `30 minutes`, `and 15 mins`, `and a half`, `15`.
    private func extraMinutes(at index: Int) -> (minutes: Int, length: Int)? {
        let and = word(index) == "and" ? 1 : 0
        // `and a half`, `and half`, `and a quarter`, `and three quarters`.
        if and == 1, let part = quarters(at: index + 1), part.share < 1 {
            return (Int(part.share * 60), 1 + part.length)
        }
        guard let text = word(index + and) else { return nil }
        if let compact = compactDuration(text), !compact.hoursOnly, compact.minutes < 60 {
            return (Int(compact.minutes), and + 1)
        }
        guard let number = Int(text) ?? Words.numberWords[text], (1..<60).contains(number) else { return nil }
        if let unit = word(index + and + 1), Words.minuteUnits.contains(unit) { return (number, and + 2) }
        // `1 hour thirty`: minutes without their unit, where nothing follows them.
        return word(index + and + 1) == nil && number % 5 == 0 ? (number, and + 1) : nil
    }

    /// `20-30 min`, `20–30mins`, `20 - 30 minutes`, `20 to 30 min`, `1-2 hours`: planned at the
    /// longer end, and both ends kept.
    private func durationRange(at index: Int) -> Match? {
        guard let first = word(index) else { return nil }
        var low: Substring
        var high: Substring
        var cursor: Int
        if let dash = first.firstIndex(where: { $0 == "-" || $0 == "–" }), dash != first.startIndex {
            (low, high) = (first[..<dash], first[first.index(after: dash)...])
            cursor = index + 1
        } else if let to = word(index + 1), ["-", "–", "to"].contains(to), let end = word(index + 2) {
            (low, high) = (Substring(first), Substring(end))
            cursor = index + 3
        } else {
            return nil
        }
        // The unit may be glued to the second number (`20-30min`) or follow it.
        let digits = high.prefix { ($0.isASCII && $0.isNumber) || $0 == "." }
        var unitText = String(high.dropFirst(digits.count))
        high = digits
        if unitText.isEmpty {
            guard let next = word(cursor) else { return nil }
            unitText = next
            cursor += 1
        }
        let scale: Double
        if Words.hourUnits.contains(unitText) {
            scale = 60
        } else if Words.minuteUnits.contains(unitText) {
            scale = 1
        } else {
            return nil
        }
        // Compared as Doubles first: `1-99999999999999999999h` is past what an Int holds.
        func minutes(_ text: Substring) -> Int? {
            decimal(text).map { ($0 * scale).rounded() }.flatMap {
                $0 <= Double(InputLimits.maximumTaskMinutes) ? Int($0) : nil
            }
        }
        guard let shortest = minutes(low), let longest = minutes(high), shortest >= 1, shortest < longest else {
            return nil
        }
        return Match(length: cursor - index, value: .durationRange(shortest: shortest, longest: longest))
    }

    /// `½`, `1½`, `1/2`: halves and simple fractions before a unit.
    private func fraction(_ text: String) -> Double? {
        if text == "½" { return 0.5 }
        if text.hasSuffix("½"), let whole = Int(text.dropLast()) { return Double(whole) + 0.5 }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let top = Int(parts[0]), let bottom = Int(parts[1]), bottom > 0, top < bottom,
            bottom <= 4
        else { return nil }
        return Double(top) / Double(bottom)
    }
}
