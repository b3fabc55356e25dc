/// Parts of the day: `this evening`, `tonight`, `monday morning`, `tomorrow afternoon`,
/// `first thing friday`, `in the morning`, `at night`, `early morning`.
extension PhraseReader {
    func partOfDay(at index: Int) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        func part(_ index: Int) -> PartOfDay? { word(index).flatMap { PartOfDay.words[$0] } }
        switch first {
        case _
        where word(index + 1).flatMap(ClockWord.meridiem) != nil
            && (Words.weekdays[first] != nil || Words.relativeDays[first] != nil || first == "this"):
            // `sat am`, `tomorrow pm`, `this am`: a day's morning or afternoon.
            let date =
                first == "this"
                ? today
                : Words.relativeDays[first].map { today.adding(days: $0) }
                    ?? next(Words.weekdays[first]!, includingToday: false)
            let part: PartOfDay = word(index + 1).flatMap(ClockWord.meridiem) == .am ? .morning : .afternoon
            return Match(length: 2, value: .partOfDay(part, date))
        case "early" where word(index + 1) == "morning",
            "late" where ["evening", "night"].contains(word(index + 1) ?? ""):
            // `early morning @ 3`, `late evening`: a part of the day where no title word follows
            // (`early morning run` names a run).
            guard !continuesTitle(index + 2) else { return nil }
            return Match(length: 2, value: .partOfDay(PartOfDay.words[word(index + 1)!]!, nil))
        case "arvo":
            // Never a title word, unlike `morning` in `morning run`.
            return Match(length: 1, value: .partOfDay(.afternoon, nil))
        case "tonight", "tonite", "2nite":
            return Match(length: 1, value: .partOfDay(.evening, today))
        case "first" where word(index + 1) == "thing":
            if let day = try date(at: index + 2), case .date(let date) = day.value {
                return Match(length: 2 + day.length, value: .partOfDay(.morning, date))
            }
            return Match(length: 2, value: .partOfDay(.morning, nil))
        case "this":
            return part(index + 1).map { Match(length: 2, value: .partOfDay($0, today)) }
        case "in" where word(index + 1) == "the":
            return part(index + 2).map { Match(length: 3, value: .partOfDay($0, nil)) }
        case "at" where word(index + 1) == "night":
            return Match(length: 2, value: .partOfDay(.night, nil))
        case "at" where ["sunrise", "dawn", "sunset", "dusk"].contains(word(index + 1) ?? ""):
            let part: PartOfDay = ["sunrise", "dawn"].contains(word(index + 1)!) ? .morning : .evening
            return Match(length: 2, value: .partOfDay(part, nil))
        default:
            guard let day = try date(at: index), case .date(let date) = day.value, let named = part(index + day.length)
            else { return nil }
            return Match(length: day.length + 1, value: .partOfDay(named, date))
        }
    }
}
