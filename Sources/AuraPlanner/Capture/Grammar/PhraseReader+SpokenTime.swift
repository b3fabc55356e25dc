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
        if word(index + 1) == "o'clock" || word(index + 1) == "oclock", let hour = try hour(at: index) {
            return try clock(hour: hour, minutes: 0, at: index, length: 2)
        }
        var minutes = Self.spokenMinutes[first]
        var length = 1
        // Digits only before `past`: `10 to 12` is a range.
        if minutes == nil, word(index + 1) == "past", let number = Int(first), (1...59).contains(number) {
            minutes = number
        }
        if first == "twenty", word(index + 1) == "five" {
            minutes = 25
            length = 2
        }
        guard let minutes else { return nil }
        if let direction = word(index + length), direction == "past" || direction == "to" {
            guard let hour = try hour(at: index + length + 1) else { return nil }
            if minutes == 30 && direction == "to" { return nil }
            return try clock(
                hour: hour, minutes: direction == "past" ? minutes : -minutes, at: index, length: length + 2)
        }
        // `half 8` (British: half past eight): after `at`, at the start or end of the line, or
        // before a word of when; `cut half 8 apples` stays a title.
        guard first == "half", let hour = try hour(at: index + 1) else { return nil }
        let next = word(index + 2)
        guard afterAt || index == 0 || index + 2 == tokens.count || next.map(isWhenWord) == true else { return nil }
        return try clock(hour: hour, minutes: 30, at: index, length: 2)
    }

    /// An hour on the clock face, 1 to 12, in digits or words; a number past 12 is an error.
    private func hour(at index: Int) throws(CaptureError) -> Int? {
        guard let text = word(index) else { return nil }
        if let hour = Self.hourWords[text] { return hour }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), (1...2).contains(text.count), let hour = Int(text) else {
            return nil
        }
        guard (1...12).contains(hour) else {
            throw error(index, "'\(text)' is not an hour on a clock face; expected 1 to 12 (or a time such as 18:30)")
        }
        return hour
    }

    /// The time `minutes` from the named hour (negative: before it), with an optional am/pm after.
    /// Without am or pm the hour follows the rule for bare hours: 1 to 6 is the afternoon.
    private func clock(hour: Int, minutes: Int, at index: Int, length: Int) throws(CaptureError) -> Match {
        let meridiem = word(index + length).flatMap(ClockWord.meridiem)
        let afternoon = meridiem == .pm || (meridiem == nil && (1...6).contains(hour))
        let base = hour == 12 ? (meridiem == .am ? 0 : 12 * 60) : (hour + (afternoon ? 12 : 0)) * 60
        let total = (base + minutes + 24 * 60) % (24 * 60)
        let flexible = meridiem == nil && total < 12 * 60
        return Match(
            length: length + (meridiem == nil ? 0 : 1),
            value: .time(ClockTime(hour: total / 60, minute: total % 60)!, minutes: nil, flexible: flexible))
    }

    /// A word that names a day or a part of it: `half 8` before one is a time.
    func isWhenWord(_ word: String) -> Bool {
        Words.isDateWord(word) || PartOfDay.words[word] != nil || ["this", "next", "on", "tonight"].contains(word)
    }
}
