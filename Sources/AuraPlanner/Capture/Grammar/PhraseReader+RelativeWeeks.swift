/// Days a week or two on from a weekday: `friday week`, `a week on friday`, `a week friday`,
/// `friday fortnight`, `the tuesday after next`, `next week friday`, `this time next week`.
extension PhraseReader {
    func weekAfter(at index: Int) -> Match? {
        /// A weekday; `sat`, `sun`, `wed` only where a week follows (`wed week`) or one came before.
        func weekday(_ index: Int, weekAround: Bool = false) -> Weekday? {
            guard let text = word(index), let day = Words.weekdays[text] else { return nil }
            return Words.ambiguousWeekdays.contains(text) && !weekAround ? nil : day
        }
        func weeks(_ text: String?) -> Int? {
            switch text {
            case "week", "wk": 1
            case "fortnight": 2
            default: nil
            }
        }
        // `a week on friday`, `a fortnight friday`, `a week from friday` (counted from the next friday).
        if word(index) == "a" || word(index) == "one", let count = weeks(word(index + 1)) {
            let on = word(index + 2) == "on" || word(index + 2) == "from" ? 1 : 0
            if let day = weekday(index + 2 + on, weekAround: true) {
                return Match(length: 3 + on, value: .date(next(day, includingToday: false).adding(days: 7 * count)))
            }
            // `a week today`, `a fortnight tomorrow`.
            if on == 0, let ahead = word(index + 2).flatMap({ Words.relativeDays[$0] }) {
                return Match(length: 3, value: .date(today.adding(days: ahead + 7 * count)))
            }
        }
        let the = word(index) == "the" ? 1 : 0
        let weekFollows = weeks(word(index + the + 1)) != nil || word(index + the + 1) == "after"
        if let day = weekday(index + the, weekAround: weekFollows) {
            // `friday week`, `friday fortnight`.
            if the == 0, let count = weeks(word(index + 1)) {
                return Match(length: 2, value: .date(next(day, includingToday: false).adding(days: 7 * count)))
            }
            // `the tuesday after next`.
            if word(index + the + 1) == "after", word(index + the + 2) == "next" {
                return Match(length: the + 3, value: .date(next(day, includingToday: false).adding(days: 7)))
            }
            // `friday next week`.
            if the == 0, word(index + 1) == "next", weeks(word(index + 2)) == 1 {
                return Match(length: 3, value: .date(inNextWeek(day)))
            }
        }
        // `next week friday`, `next week on friday`.
        if word(index) == "next", weeks(word(index + 1)) == 1 {
            let on = word(index + 2) == "on" ? 1 : 0
            if let day = weekday(index + 2 + on) {
                return Match(length: 3 + on, value: .date(inNextWeek(day)))
            }
        }
        return nil
    }

    /// `this time next week`, `this time tomorrow`: that day at the time now (the day alone
    /// when the time now is unknown).
    func thisTime(at index: Int) -> Match? {
        guard word(index) == "this", word(index + 1) == "time" else { return nil }
        let days: Int
        let length: Int
        if word(index + 2) == "next", word(index + 3) == "week" || word(index + 3) == "wk" {
            (days, length) = (7, 4)
        } else if let ahead = word(index + 2).flatMap({ Words.relativeDays[$0] }), ahead > 0 {
            (days, length) = (ahead, 3)
        } else {
            return nil
        }
        let day = today.adding(days: days)
        return Match(length: length, value: now.map { .moment(day, $0) } ?? .date(day))
    }
}
