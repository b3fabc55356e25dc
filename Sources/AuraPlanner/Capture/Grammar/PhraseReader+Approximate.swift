/// Whens that name a stretch rather than a day, made concrete by a documented rule and noted
/// so the page can say what was chosen: `mid-january` (the 15th), `early next week` (its
/// Monday), `later this week`, `end of the month` (its last day), `next month` (its 1st),
/// `over the weekend` (its Saturday).
extension PhraseReader {
    func approximateDay(at index: Int) -> Match? {
        guard let first = word(index) else { return nil }
        func day(_ date: LocalDate?, _ length: Int, _ rule: String) -> Match? {
            date.map {
                Match(length: length, value: .date($0), note: "‘\(phrase(index, length))’ read as \($0.iso): \(rule)")
            }
        }
        // `mid-january`, `mid january`, `middle of january`, `mid-month`, `the middle of the month`.
        let the = first == "the" ? 1 : 0
        let head = word(index + the) ?? ""
        if head.hasPrefix("mid-") || head == "mid" || head == "middle" {
            var cursor = index + the
            var name = head.hasPrefix("mid-") ? String(head.dropFirst(4)) : ""
            if name.isEmpty {
                cursor += 1
                if head == "middle", word(cursor) == "of" { cursor += 1 }
                if word(cursor) == "the" || word(cursor) == "this" { cursor += 1 }
                name = word(cursor) ?? ""
            }
            if let month = Words.months[name] {
                return day(nextFifteenth(month: month), cursor + 1 - index, "the middle of the month is its 15th")
            }
            if name == "month" {
                return day(nextFifteenth(month: nil), cursor + 1 - index, "the middle of the month is its 15th")
            }
            if name == "next", word(cursor + 1) == "month" {
                let first = monthStart(after: 1)
                return day(
                    first.flatMap { LocalDate(year: $0.year, month: $0.month, day: 15) }, cursor + 2 - index,
                    "the middle of the month is its 15th")
            }
            return nil
        }
        if ["over", "on", "at"].contains(first), word(index + 1) == "the", word(index + 2) == "weekend" {
            return day(thisWeekend, 3, "a weekend is its Saturday")
        }
        switch first {
        case "early", "beginning", "start", "late", "in", "during":
            var cursor = index + 1
            if first == "beginning" || first == "start" {
                guard word(cursor) == "of" else { return nil }
                cursor += 1
            }
            // `early february`, `late january`, `in march`: a month's 1st (today, early in this
            // month), or the start of its last week.
            // `Mercury in March` names a thing: after a Capitalized word, `in` starts no day.
            let afterName = first == "in" && index > 0 && tokens[index - 1].isCapitalized
            if let month = word(cursor).flatMap({ Words.months[$0] }), !afterName {
                return monthPart(month, late: first == "late", length: cursor + 1 - index, at: index)
            }
            guard first != "late", first != "in", first != "during" else { return nil }
            if word(cursor) == "next", let period = word(cursor + 1) {
                if period == "week" || period == "wk" {
                    return day(inNextWeek(.monday), cursor + 2 - index, "a week begins on its Monday")
                }
                if period == "month" {
                    return day(monthStart(after: 1), cursor + 2 - index, "a month begins on its 1st")
                }
            }
            return nil
        case "later":
            if word(index + 1) == "this" || word(index + 1) == "in",
                word(index + 2) == "week" || word(index + 2) == "the" && word(index + 3) == "week"
            {
                let length = word(index + 2) == "the" ? 4 : 3
                let friday = endOfWeek(next: false)
                let later = max(min(today.adding(days: 2), friday), today.adding(days: 1))
                return day(later, length, "later this week is two days on, by Friday")
            }
            if word(index + 1) == "today" { return Match(length: 2, value: .date(today)) }
            return nil
        case "next":
            guard word(index + 1) == "month" else { return nil }
            return day(monthStart(after: 1), 2, "a month begins on its 1st")
        case "this":
            // `get a flu jab this week`: due by the week's end; `this month`, by the month's.
            switch word(index + 1) {
            case "week", "wk":
                let friday = endOfWeek(next: false)
                return Match(
                    length: 2, value: .deadline(friday),
                    note: "‘this week’ read as due \(friday.iso): a week ends on its Friday")
            case "month":
                guard let last = endOfMonth(after: 0) else { return nil }
                return Match(
                    length: 2, value: .deadline(last),
                    note: "‘this month’ read as due \(last.iso): a month ends on its last day")
            default:
                return nil
            }
        case "end", "at", "towards", "toward", "the":
            // `at the end of the month`; not after `by` (a deadline).
            if index > 0, ["by", "before", "due", "until", "till"].contains(tokens[index - 1].word) { return nil }
            var cursor = index
            if first != "end" {
                if first != "the" { cursor += 1 }
                guard word(cursor) == "the" else { return nil }
                cursor += 1
            }
            guard word(cursor) == "end", word(cursor + 1) == "of" else { return nil }
            cursor += 2
            var ahead = 0
            if word(cursor) == "the" || word(cursor) == "this" {
                cursor += 1
            } else if word(cursor) == "next" {
                ahead = 1
                cursor += 1
            }
            let date: LocalDate?
            let rule: String
            switch word(cursor) {
            case "wk": (date, rule) = endOf("week", ahead: ahead)!
            case "quarter", "q1", "q2", "q3", "q4":
                (date, rule) = (endOfQuarter(word(cursor)!, ahead: ahead), "a quarter ends with its third month")
            case let name?:
                guard let end = endOf(name, ahead: ahead) else { return nil }
                (date, rule) = end
            case nil: return nil
            }
            // `end of month report` names a report: the phrase must end the line or meet another
            // when; `end of next week finish the report` names none.
            if ahead == 0, continuesTitle(cursor + 1), tokens[cursor].trailing.isEmpty, word(cursor + 1) != "for" {
                return nil
            }
            return day(date, cursor + 1 - index, rule)
        default:
            return nil
        }
    }

    /// The last day of quarter `q1` … `q4` (this year's unless past), or of this quarter (`quarter`),
    /// `ahead` quarters on.
    private func endOfQuarter(_ name: String, ahead: Int) -> LocalDate? {
        let current = (today.month - 1) / 3
        let quarter = name.count == 2 ? Int(String(name.last!))! - 1 : current + ahead
        var year = today.year + quarter / 4
        let month = (quarter % 4) * 3 + 3
        func last(_ year: Int) -> LocalDate {
            LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))!
        }
        if last(year) < today { year += 1 }
        return year <= LocalDate.latestYear ? last(year) : nil
    }

    /// `early february`, `in march`: the month's 1st, or today when it is this month and still
    /// early (up to the 10th); `late january`: the first day of its last week, or today within
    /// it. This year's unless past, else next year's.
    private func monthPart(_ month: Int, late: Bool, length: Int, at index: Int) -> Match? {
        func start(_ year: Int) -> LocalDate {
            LocalDate(year: year, month: month, day: late ? LocalDate.daysIn(month: month, year: year) - 6 : 1)!
        }
        let lastDay = late ? 6 : (month == today.month ? 9 : 0)
        var date = start(today.year)
        if date.adding(days: lastDay) < today {
            date = start(today.year + 1)
        } else if date < today {
            date = today
        }
        guard date.year <= LocalDate.latestYear else { return nil }
        let rule = late ? "late in a month is its last week" : "a month begins on its 1st"
        return Match(
            length: length, value: .date(date), note: "‘\(phrase(index, length))’ read as \(date.iso): \(rule)")
    }

    private func phrase(_ index: Int, _ length: Int) -> String {
        CaptureParser.text(of: tokens[index..<min(index + length, tokens.count)])
    }

    /// The 15th of `month` this year, or next year's when it is past; without a month, this
    /// month's 15th, or next month's when it is past.
    private func nextFifteenth(month: Int?) -> LocalDate? {
        let date = LocalDate(year: today.year, month: month ?? today.month, day: 15)!
        guard date < today else { return date }
        return month == nil ? date.addingMonths(1) : date.addingMonths(12)
    }

    /// The first day of the month `months` after this one.
    func monthStart(after months: Int) -> LocalDate? {
        LocalDate(year: today.year, month: today.month, day: 1)!.addingMonths(months)
    }
}
