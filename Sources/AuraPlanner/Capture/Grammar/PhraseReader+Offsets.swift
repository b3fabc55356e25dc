/// Times and days counted from now or from a day: `in an hour`, `in 20 minutes`,
/// `3 weeks from today`, `in a fortnight`, `a month from monday`.
extension PhraseReader {
    /// `in an hour`, `within half an hour`, `after an hour`, `20 minutes from now`, `5 minutes
    /// later`, `an hour hence`, `now`: a time of day counted from now, never a length.
    func fromNow(at index: Int) throws(CaptureError) -> Match? {
        // `in 1d 2hr 5min`, `+1 day 2 hours`: days and hours together, from now.
        let compoundStart = word(index) == "in" ? index + 1 : index
        if let compound = compoundOffset(at: compoundStart),
            compoundStart > index || word(index)?.hasPrefix("+") == true
        {
            return Match(length: compoundStart - index + compound.length, value: .fromNow(minutes: compound.minutes))
        }
        // `now + 40 minutes`.
        if word(index) == "now", word(index + 1) == "+", let span = try duration(at: index + 2),
            case .duration(let minutes) = span.value
        {
            return Match(length: 2 + span.length, value: .fromNow(minutes: minutes))
        }
        // `+15min`, `+15 minutes`: counted from now.
        if let text = word(index), text.hasPrefix("+") {
            let rest = String(text.dropFirst())
            if let compact = compactDuration(rest), compact.minutes >= 1 {
                return Match(length: 1, value: .fromNow(minutes: Int(compact.minutes)))
            }
            if let amount = Int(rest), let scale = word(index + 1).flatMap(Self.minutes(per:)), scale < 1440 {
                return Match(length: 2, value: .fromNow(minutes: amount * scale))
            }
        }
        // `next hour`: an hour from now.
        if word(index) == "next", word(index + 1) == "hour" { return Match(length: 2, value: .fromNow(minutes: 60)) }
        // `call Sam now`, `right now`, `just now`: the time now, when it ends the line (not `now TV`).
        let right = word(index) == "right" || word(index) == "just" ? 1 : 0
        if word(index + right) == "now", index + right + 1 == tokens.count, index > 0 {
            return Match(length: right + 1, value: .fromNow(minutes: 0))
        }
        // `in a sec`, `within 30 seconds`, `12 seconds from now`: now, to the minute; `in a
        // minute`, which a length never says (`a minute's silence`). Not where a title word
        // follows (`interview in a second round`).
        let secondsStart = Self.fromNowOpeners.contains(word(index) ?? "") ? index + 1 : index
        if let count = word(secondsStart).flatMap(count), let unit = word(secondsStart + 1),
            let seconds = Self.secondUnits.contains(unit) ? 1 : unit == "minute" && count == 1 ? 60 : nil
        {
            let closing = secondsStart > index ? 0 : fromNowClosing(at: secondsStart + 2)
            let end = secondsStart + 2 + (closing ?? 0)
            if closing != nil, !continuesTitle(end) {
                return Match(length: end - index, value: .fromNow(minutes: count * seconds / 60))
            }
        }
        // `back in 15`, `call Sam in 30`: minutes said as a round figure alone at the line's end.
        if word(index) == "in", let text = word(index + 1), let minutes = Int(text),
            [5, 10, 15, 20, 30, 45].contains(minutes), text.count == 2 || minutes == 5, index + 2 == tokens.count,
            index > 0
        {
            return Match(length: 2, value: .fromNow(minutes: minutes))
        }
        // `after an hour`, but not `rest after an hour of running`.
        if Self.fromNowOpeners.contains(word(index) ?? "") || word(index) == "after",
            let span = try duration(at: index + 1), case .duration(let minutes) = span.value,
            word(index) != "after" || !(word(index + span.length) == "of" || word(index + 1 + span.length) == "of")
        {
            let time = word(index + 1 + span.length) == "time" ? 1 : 0  // `in an hour time`
            return Match(length: 1 + span.length + time, value: .fromNow(minutes: minutes))
        }
        if let span = try duration(at: index), case .duration(let minutes) = span.value,
            let closing = fromNowClosing(at: index + span.length)
        {
            return Match(length: span.length + closing, value: .fromNow(minutes: minutes))
        }
        return nil
    }

    private static let fromNowOpeners: Set<String> = ["in", "within"]
    private static let secondUnits: Set<String> = ["sec", "secs", "second", "seconds"]

    /// The minutes in one `unit` of a minute, an hour or a day (`min`, `hrs`, `d`).
    private static func minutes(per unit: String) -> Int? {
        if Words.minuteUnits.contains(unit) { return 1 }
        if Words.hourUnits.contains(unit) { return 60 }
        return ["d", "day", "days"].contains(unit) ? 1440 : nil
    }

    /// Two amounts or more, days among them, written one after the other (`1d 2hr 5min`, `1d, 2hr,
    /// and 5min`, `+1 day 2 hour`): their minutes in all, and the words read.
    private func compoundOffset(at index: Int) -> (minutes: Int, length: Int)? {
        var cursor = index
        var total = 0
        var pairs = 0
        var hasDays = false
        while true {
            let and = pairs > 0 && word(cursor) == "and" ? 1 : 0
            guard var text = word(cursor + and) else { break }
            if pairs == 0, text.hasPrefix("+") { text.removeFirst() }
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            var amount: Int?
            var unit: String?
            var used = 1
            if !digits.isEmpty, digits.count < text.count {
                (amount, unit) = (Int(digits), String(text.dropFirst(digits.count)))
            } else if let number = Int(text) ?? Words.numberWords[text] {
                (amount, unit, used) = (number, word(cursor + and + 1), 2)
            }
            guard let amount, let scale = unit.flatMap(Self.minutes(per:)) else { break }
            total += amount * scale
            hasDays = hasDays || scale == 1440
            pairs += 1
            cursor += and + used
        }
        return pairs >= 2 && hasDays ? (total, cursor - index) : nil
    }

    /// How many words after an amount say it counts from now: `from now`, `from right now`,
    /// `later`, `hence`, `out`.
    private func fromNowClosing(at index: Int) -> Int? {
        switch word(index) {
        case "from" where word(index + 1) == "now" || word(index + 1) == "today": 2
        case "from" where word(index + 1) == "right" && word(index + 2) == "now": 3
        case "later", "hence": 1
        case "out": word(index + 1) == "from" && word(index + 2) == "now" ? 3 : 1
        default: nil
        }
    }

    /// `in 3 days`, `in a fortnight`, `in 2 months`, `3 weeks from today`, `a week from tomorrow`,
    /// `2 days from friday`, `three days after easter`, `in 6 months and 2 weeks`, `+2 months, 5 days`,
    /// `in 3wks`, `in a week's time`.
    func offsetDate(at index: Int) throws(CaptureError) -> Match? {
        if let counted = countedWeekday(at: index) { return counted }
        // `+2 months`: counted from today, as `in 2 months` is.
        let plus = word(index).map { $0.hasPrefix("+") && $0.count > 1 } == true
        // `upcoming 2 days`, `2 upcoming days`: as `in 2 days`.
        var inForm = plus || Self.fromNowOpeners.contains(word(index) ?? "") || word(index) == "upcoming"
        var start = inForm && !plus ? index + 1 : index
        // `in the next 3 days`, `within the next few weeks`, `over the next couple of days`, `in the
        // next week`: as `in 3 days`, `within a week`.
        let theNext =
            (inForm && !plus || word(index) == "over") && word(index + 1) == "the" && word(index + 2) == "next"
        if theNext {
            inForm = true
            start = index + 3
        }
        // Not after an article: `plan the 3 upcoming days` names a stretch of days.
        let counted = !inForm && !(index > 0 && Words.determiners.contains(tokens[index - 1].word))
        let single = ["week", "fortnight", "month", "year"].contains(word(start) ?? "")
        let alone = theNext && single ? word(start).flatMap(Self.dateUnit).map { (1, $0, 1, false, false, false) } : nil
        guard let first = dateAmount(at: start, upcomingAllowed: counted) ?? alone else { return nil }
        inForm = inForm || first.upcoming
        // `in 6 months and 2 weeks`, `+2 months, 5 days`, `in 1 year 2 months`: smaller units after.
        var amounts = [first]
        var cursor = start + first.length
        while let last = amounts.last {
            let and = word(cursor) == "and" ? 1 : 0
            guard let more = dateAmount(at: cursor + and, upcomingAllowed: false), !more.upcoming,
                more.unit.rank < last.unit.rank
            else { break }
            amounts.append(more)
            cursor += and + more.length
        }
        var length = cursor - index
        var anchor = today
        // A unit in one letter (`3w`, `3d`) needs `later`, `hence` or `from now` after it: `print
        // in 3d` is no date.
        let needsClosing = amounts.contains { $0.isOneLetter }
        if inForm, !needsClosing {
            // `in 6 months time`, `in a week's time`, `in 2 weeks' time`.
            if word(cursor) == "time" { length += 1 }
        } else if amounts.last!.possessive {
            return nil
        } else if !inForm || needsClosing, ["later", "hence", "upcoming"].contains(word(cursor) ?? "") {
            length += 1  // `3 weeks later`, `a fortnight hence`: from today
        } else if !inForm {
            guard word(cursor) == "from" || word(cursor) == "after", let base = word(cursor + 1) else { return nil }
            // From now, or from any day (`2 days after next friday`, `three days after easter`).
            if base == "now" {
                length += 2
            } else if base == "right", word(cursor + 2) == "now" {
                length += 3
            } else if needsClosing {
                return nil
            } else if let day = try day(at: cursor + 1, afterContext: true), case .date(let date) = day.value {
                anchor = date
                length += 1 + day.length
            } else {
                return nil
            }
        } else {
            return nil
        }
        var months = 0
        var days = 0
        for amount in amounts {
            switch amount.unit {
            case .day, .week, .fortnight: days += amount.count * amount.unit.days
            case .month: months += amount.count
            case .year: months += 12 * amount.count
            }
        }
        guard months < 12 * LocalDate.latestYear, let date = anchor.addingMonths(months)?.adding(days: days),
            date.year <= LocalDate.latestYear
        else {
            throw error(
                index, "'\(tokens[index].word) …' lands past the year \(LocalDate.latestYear); expected a nearer date")
        }
        return Match(length: length, value: .date(date))
    }

    /// An amount of days, weeks, months or years at `index`: `3 days`, `a couple of weeks`, `2
    /// upcoming days` (where `upcomingAllowed`), or written as one word (`3wks`, `2mo`, `6mths`,
    /// `3w`); `possessive` for `a week's` and `2 weeks'` before `time`.
    private func dateAmount(at index: Int, upcomingAllowed: Bool)
        -> (count: Int, unit: DateUnit, length: Int, upcoming: Bool, isOneLetter: Bool, possessive: Bool)?
    {
        guard var text = word(index) else { return nil }
        if text.hasPrefix("+") { text.removeFirst() }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count < text.count, let amount = Int(digits), amount > 0, amount < 1000 {
            let unitText = String(text.dropFirst(digits.count))
            let oneLetter = ["d", "w", "y"].contains(unitText)
            guard let unit = Self.dateUnit(unitText) ?? Self.compactDateUnits[unitText] else { return nil }
            return (amount, unit, 1, false, oneLetter, false)
        }
        let said: (count: Int, length: Int)? =
            roughCount(at: index) ?? count(text).map { ($0, 1) }
        guard let said else { return nil }
        let upcoming = upcomingAllowed && word(index + said.length) == "upcoming" ? 1 : 0
        guard var unitText = word(index + said.length + upcoming) else { return nil }
        // `a week's time`, `6 months' time`.
        var possessive = false
        for mark in ["'s", "’s"] where unitText.hasSuffix(mark) && word(index + said.length + upcoming + 1) == "time" {
            unitText.removeLast(2)
            possessive = true
        }
        guard let unit = Self.dateUnit(unitText) else { return nil }
        return (said.count, unit, said.length + upcoming + 1, upcoming == 1, false, possessive)
    }

    /// Units of a date written right after their figures: `3wks`, `2mo`, `6mths`, `2yrs`, `3w`, `3d`.
    private static let compactDateUnits: [String: DateUnit] = [
        "d": .day, "w": .week, "wk": .week, "wks": .week, "mo": .month, "mos": .month, "mth": .month, "mths": .month,
        "y": .year, "yr": .year, "yrs": .year
    ]

    /// `2 tuesdays from now`, `3 fridays after christmas`… not a repeat: the second Tuesday after
    /// today (or after the day named), counted as a week of them.
    private func countedWeekday(at index: Int) -> Match? {
        guard let amount = word(index).flatMap(count), amount >= 1, let plural = word(index + 1),
            plural.hasSuffix("s"), let day = Words.weekdays[String(plural.dropLast())],
            word(index + 2) == "from" || word(index + 2) == "after", let base = word(index + 3)
        else { return nil }
        let anchor: LocalDate
        if base == "now" || base == "today" {
            anchor = today
        } else if let days = Words.relativeDays[base] {
            anchor = today.adding(days: days)
        } else {
            return nil
        }
        let ahead = (day.rawValue - anchor.weekday.rawValue + 7) % 7
        let first = anchor.adding(days: ahead == 0 ? 7 : ahead)
        return Match(length: 4, value: .date(first.adding(days: 7 * (amount - 1))))
    }

    enum DateUnit {
        case day, week, fortnight, month, year

        /// Larger units first: `in 6 months and 2 weeks` counts down.
        var rank: Int {
            switch self {
            case .day: 0
            case .week: 1
            case .fortnight: 2
            case .month: 3
            case .year: 4
            }
        }

        var days: Int {
            switch self {
            case .day: 1
            case .week: 7
            case .fortnight: 14
            case .month, .year: 0
            }
        }
    }

    static func dateUnit(_ word: String) -> DateUnit? {
        switch word {
        case "day", "days": .day
        case "week", "weeks", "wk", "wks": .week
        case "fortnight", "fortnights": .fortnight
        case "month", "months": .month
        case "year", "years", "yr", "yrs": .year
        default: nil
        }
    }
}

extension LocalDate {
    /// The last year capture and the store accept: four digits.
    public static let latestYear = 9999

    /// The same day `months` months on, or the last day of a shorter month; nil past year 9999.
    func addingMonths(_ months: Int) -> LocalDate? {
        let total = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (total / 12, total % 12 + 1)
        guard newYear <= Self.latestYear else { return nil }
        return LocalDate(year: newYear, month: newMonth, day: min(day, Self.daysIn(month: newMonth, year: newYear)))
    }
}
