/// Clock times as they are said: `half 8`, `half past 8`, `quarter past 4`, `twenty to 6`,
/// `ten past nine`, `8 o'clock`.
extension PhraseReader {
    /// Minutes said before `past` or `to`.
    static let spokenMinutes: [String: Int] = [
        "five": 5, "ten": 10, "quarter": 15, "twenty": 20, "twenty-five": 25, "half": 30
    ]

    static let hourWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12
    ]

    func spokenTime(at index: Int, afterAt: Bool) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        if let said = try saidClock(at: index, afterAt: afterAt) { return said }
        if word(index + 1) == "o'clock" || word(index + 1) == "oclock" {
            // `15 o'clock`: the 24-hour clock said aloud.
            if let hour = Int(first), first.count == 2, (13...23).contains(hour) {
                return Match(length: 2, value: .time(ClockTime(hour: hour, minute: 0)!, minutes: nil))
            }
            if let hour = try hour(at: index) { return try clock(hour: hour, minutes: 0, at: index, length: 2) }
        }
        var minutes = Self.spokenMinutes[first]
        var length = 1
        // `a quarter to noon`.
        if first == "a", let said = word(index + 1).flatMap({ Self.spokenMinutes[$0] }) {
            minutes = said
            length = 2
        }
        // Digits only before `past`: `10 to 12` is a range. With `minutes` said, either way:
        // `10 minutes past 4pm`, `five mins to 6`, `15 minutes from 1pm`.
        if let number = Int(first) ?? Words.numberWords[first] ?? minutes, (1...59).contains(number) {
            if let unit = word(index + 1), Words.minuteUnits.contains(unit),
                ["past", "to", "after", "from"].contains(word(index + 2) ?? "")
            {
                minutes = number
                length = 2
            } else if minutes == nil, word(index + 1) == "past", Int(first) != nil {
                minutes = number
            } else if minutes == nil, word(index + 1) == "to", Int(first) != nil,
                let named = word(index + 2), let latest = ["noon": 11, "midday": 11, "midnight": 23][named],
                number > latest
            {
                // `15 to noon`, `25 to midnight`: a figure no hour before noon (or midnight) can be
                // is minutes before it; `9 to noon` is a range.
                minutes = number
            }
        }
        if first == "twenty", word(index + 1) == "five" {
            minutes = 25
            length = 2
        }
        guard let minutes else { return nil }
        // `twenty after 3pm`, `15 minutes from 1pm`: `after` (and `from`, with `minutes` said)
        // count from a clock written with am or pm, or noon: not in `stretch 5 minutes after 6 reps`.
        let after = word(index + length) == "after" || (word(index + length) == "from" && length == 2)
        if after, !namesClock(at: index + length + 1) { return nil }
        if let direction = word(index + length), direction == "past" || direction == "to" || after {
            if minutes == 30 && direction == "to" { return nil }
            let signed = direction == "to" ? -minutes : minutes
            // `a quarter to noon`, `ten past midnight`.
            if let named = word(index + length + 1), let hour = ["noon": 12, "midday": 12, "midnight": 0][named] {
                let total = (hour * 60 + signed + 24 * 60) % (24 * 60)
                return Match(
                    length: length + 2, value: .time(ClockTime(hour: total / 60, minute: total % 60)!, minutes: nil))
            }
            guard let hour = try hour(at: index + length + 1) else { return nil }
            return try clock(hour: hour, minutes: signed, at: index, length: length + 2)
        }
        // `half 8` (British: half past eight): after `at`, at the start or end of the line, or
        // before a word of when; `cut half 8 apples` stays a title.
        guard first == "half", let hour = try hour(at: index + 1) else { return nil }
        let next = word(index + 2)
        guard
            afterAt || index == 0 || index + 2 == tokens.count || next.map(isWhenWord) == true
                || meridiemWords(at: index + 2) != nil
        else { return nil }
        return try clock(hour: hour, minutes: 30, at: index, length: 2)
    }

    /// `ten thirty`, `seven thirty pm`, `twelve oh three`, `three am`, `nine fifty nine a m`, `at
    /// three`, `at seven-thirty`, `twelve-oh-three`: an hour said in words and its minutes, after
    /// `at`, with am or pm, or ending the line (`ten thirty-minute calls` counts calls).
    private func saidClock(at index: Int, afterAt: Bool) throws(CaptureError) -> Match? {
        guard let parts = word(index)?.split(separator: "-", omittingEmptySubsequences: false).map(String.init),
            let hour = Self.hourWords[parts[0]]
        else { return nil }
        let minutes: (value: Int, length: Int)?
        if parts.count > 1 {
            // The minutes in the same word: all of the rest must say them.
            guard let joined = Self.saidMinutes(Array(parts.dropFirst())), joined.length == parts.count - 1 else {
                return nil
            }
            minutes = (joined.value, 0)
        } else {
            let following = [word(index + 1), word(index + 2)].prefix { $0 != nil }.compactMap { $0 }
            minutes = Self.saidMinutes(following)
        }
        let end = index + 1 + (minutes?.length ?? 0)
        let meridiem = meridiemWords(at: end)
        // `meet at three`, but not `look at three options`; `eight tonight`, as `8 tonight`.
        let alone = minutes == nil && afterAt && !continuesTitle(end)
        let beforePart = try partOfDay(at: end).map { Self.isLikelyHour(hour, in: $0.value) } ?? false
        guard meridiem != nil || alone || beforePart || (minutes != nil && (afterAt || word(end) == nil)) else {
            return nil
        }
        return try clock(hour: hour, minutes: minutes?.value ?? 0, at: index, length: end - index)
    }

    /// Minutes said in words at the start of `words`, and how many words say them: `thirty`,
    /// `fifteen`, `oh three`, `fifty nine`, `twenty-three`.
    private static func saidMinutes(_ words: [String]) -> (value: Int, length: Int)? {
        let units = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9]
        let tens = [
            "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
            "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50
        ]
        guard let text = words.first else { return nil }
        let next = words.dropFirst().first
        if ["oh", "o", "zero"].contains(text), let unit = next.flatMap({ units[$0] }) { return (unit, 2) }
        let parts = text.split(separator: "-").map(String.init)
        if parts.count == 2, let ten = tens[parts[0]], ten >= 20, let unit = units[parts[1]] { return (ten + unit, 1) }
        guard let ten = tens[text] else { return nil }
        if ten >= 20, let unit = next.flatMap({ units[$0] }) { return (ten + unit, 2) }
        return (ten, 1)
    }

    /// Whether the words at `index` name a time of day beyond doubt: `noon`, `midnight`, or an
    /// hour with am or pm (`3pm`, `3 pm`).
    private func namesClock(at index: Int) -> Bool {
        guard let text = word(index) else { return false }
        return ["noon", "midday", "midnight"].contains(text) || ClockWord(text)?.isExplicit == true
            || meridiemWords(at: index + 1) != nil
    }

    /// `am`, `p.m.`, or `a m` in two words.
    func meridiemWords(at index: Int) -> (meridiem: ClockWord.Meridiem, length: Int)? {
        if let one = word(index).flatMap(ClockWord.meridiem) { return (one, 1) }
        guard let letter = word(index), letter == "a" || letter == "p", word(index + 1) == "m" else { return nil }
        return (letter == "a" ? .am : .pm, 2)
    }

    /// An hour on the clock face, 1 to 12, in digits or words, or with its am or pm (`4pm`), or a
    /// continental hour (`15h`, `9h`); a number past 12 is an error.
    private func hour(at index: Int) throws(CaptureError) -> Int? {
        guard let text = word(index) else { return nil }
        if let hour = Self.hourWords[text] { return hour }
        if let written = ClockWord(text), written.meridiem != nil, written.minute == 0, (1...12).contains(written.hour)
        {
            return written.hour
        }
        // `15h`: the continental hour, on the 24-hour clock (`15 minutes past 15h`).
        if let written = ClockWord(text), written.isContinental, written.isWrittenAsTime, written.minute == 0,
            (0...23).contains(written.hour)
        {
            return written.hour
        }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), (1...2).contains(text.count), let hour = Int(text) else {
            return nil
        }
        guard (1...12).contains(hour) else {
            throw error(index, "'\(text)' is not an hour on a clock face; expected 1 to 12 (or a time such as 18:30)")
        }
        return hour
    }

    /// The time `minutes` from the hour named at the match's end (negative: before it), with its
    /// am or pm written on it (`4pm`) or after it (`pm`, `a m`). Without either the hour follows
    /// the rule for bare hours, 1 to 6 is the afternoon, and the time is flexible: a part of the
    /// day may move it to the other half (`in the morning`, `tonight`).
    private func clock(hour: Int, minutes: Int, at index: Int, length: Int) throws(CaptureError) -> Match {
        let attached = word(index + length - 1).flatMap(ClockWord.init)?.meridiem
        let after = attached == nil ? meridiemWords(at: index + length) : nil
        let meridiem = attached ?? after?.meridiem
        let afternoon = meridiem == .pm || (meridiem == nil && (1...6).contains(hour))
        let base = hour == 12 ? (meridiem == .am ? 0 : 12 * 60) : (hour + (afternoon ? 12 : 0)) * 60
        let total = (base + minutes + 24 * 60) % (24 * 60)
        return Match(
            length: length + (after?.length ?? 0),
            value: .time(
                ClockTime(hour: total / 60, minute: total % 60)!, minutes: nil, flexible: meridiem == nil && hour <= 12)
        )
    }

    /// A word that names a day or a part of it: `half 8` before one is a time.
    func isWhenWord(_ word: String) -> Bool {
        Words.isDateWord(word) || PartOfDay.words[word] != nil || ["this", "next", "on", "tonight"].contains(word)
    }
}
