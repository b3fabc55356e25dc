/// Reads date, time, duration, recurrence and tag phrases from a line's tokens.
/// Each `…(at:)` method returns how many tokens the phrase starting there covers, or nil.
struct PhraseReader {
    enum Value {
        case date(LocalDate)
        /// A start time, and a length when written as a range (`2-3pm`, `from 9 to 10:30`).
        /// `flexible` marks an hour written without am or pm that a part of the day may move
        /// past noon (`tonight at half 8`); `approximate` a time given as a rough guide
        /// (`lunchtime`, `after work`, `5ish`, `around 3pm`), which the planner takes as a
        /// preference, not an appointment.
        case time(ClockTime, minutes: Int?, flexible: Bool = false, approximate: Bool = false)
        /// A day and a time read together (`this time next week`).
        case moment(LocalDate, ClockTime)
        /// A time something is due by (`before 3pm`, `by 5pm`).
        case dueTime(ClockTime)
        /// A time counted from now (`in an hour`).
        case fromNow(minutes: Int)
        case duration(Int)
        /// A length written as a range (`20-30 min`): planned at the longer end.
        case durationRange(shortest: Int, longest: Int)
        case recurrence(Recurrence, part: PartOfDay? = nil)
        /// A part of the day, and the day when the phrase names one (`monday morning`).
        case partOfDay(PartOfDay, LocalDate?)
        /// The end of a period, a deadline (`by end of next week`).
        case deadline(LocalDate)
        case tag(Category)
    }

    struct Match {
        let length: Int
        let value: Value
        /// How an approximate when was made concrete (`mid-january`: the 15th), shown to the person.
        var note: String?
        /// The words stay in the title as well as being read (`buy tickets for easter`).
        var keepsTitle = false
    }

    let tokens: [CaptureToken]
    let today: LocalDate
    /// The time now, when known: what `this time next week` names.
    let now: ClockTime?
    let settings: CaptureSettings
    let memo = Memo()

    /// Readings made once per line and asked for again by the rules that compose them.
    final class Memo {
        var days: [Int: Result<Match?, CaptureError>] = [:]
    }

    typealias Words = CaptureVocabulary

    /// The comparable word at `index`, or nil past the end or inside protected text.
    func word(_ index: Int) -> String? {
        index < tokens.count && !tokens[index].isProtected ? tokens[index].word : nil
    }

    func error(_ index: Int, _ message: String) -> CaptureError {
        CaptureError(column: tokens[index].column, message: message)
    }

    /// Reads an optional preposition from `words` and then the phrase `core` reads.
    func withPreposition(
        _ words: Set<String>, at index: Int,
        _ core: (Int, Bool) throws(CaptureError) -> Match?
    ) throws(CaptureError) -> Match? {
        if let first = word(index), words.contains(first), let match = try core(index + 1, true) {
            return Match(length: match.length + 1, value: match.value, note: match.note)
        }
        return try core(index, false)
    }

    // MARK: Recurrence

    /// A repeat, with a part of the day after it read too (`every weekday morning`).
    func recurrence(at index: Int) -> Match? {
        withPartAfter(recurrenceCore(at: index), at: index, beforeTitle: true)
    }

    /// A repeat read at `index`, with the part of the day after it (`every other weds night`);
    /// unless `beforeTitle`, not where a title word follows the part (`fortnightly evening class`).
    func withPartAfter(_ match: Match?, at index: Int, beforeTitle: Bool = false) -> Match? {
        guard let match, case .recurrence(let recurrence, nil) = match.value,
            let part = word(index + match.length).flatMap({ PartOfDay.words[$0] }),
            beforeTitle || !continuesTitle(index + match.length + 1)
        else { return match }
        return Match(length: match.length + 1, value: .recurrence(recurrence, part: part))
    }

    private func recurrenceCore(at index: Int) -> Match? {
        guard let first = word(index) else { return nil }
        if let monthly = monthlyWeekday(at: index) { return monthly }
        if let days = daysWithPluralPart(at: index) { return days }
        // `mon-fri`, `monday to friday`: every day from the one to the other.
        if let span = weekdaySpan(at: index) { return span }
        // `gym mon/wed/fri`, `yoga tue & thu`: two days or more named together repeat on them.
        if let list = weekdayList(at: index, pluralOnly: false), list.days.count >= 2,
            !(index > 0 && Words.determiners.contains(tokens[index - 1].word))
        {
            return Match(length: list.length, value: .recurrence(.weekly(list.days)))
        }
        // `chess club wednesdays`: plural days where no title word follows.
        if !(index > 0 && Words.determiners.contains(tokens[index - 1].word)),
            let list = weekdayList(at: index, pluralOnly: true), !continuesTitle(index + list.length)
        {
            return Match(length: list.length, value: .recurrence(.weekly(list.days)))
        }
        switch first {
        case "daily", "everyday":
            return Match(length: 1, value: .recurrence(.daily))
        case "weekdays":
            return Match(length: 1, value: .recurrence(.weekly(Set(Weekday.workdays))))
        case "every", "each":
            switch word(index + 1) {
            case "day": return Match(length: 2, value: .recurrence(.daily))
            case "weekday", "weekdays", "workday", "workdays":
                return Match(length: 2, value: .recurrence(.weekly(Set(Weekday.workdays))))
            case "weekend", "weekends":
                return Match(length: 2, value: .recurrence(.weekly([.saturday, .sunday])))
            default:
                if let days = word(index + 1).flatMap(Self.daysInLetters) {
                    return Match(length: 2, value: .recurrence(.weekly(Set(days))))
                }
                return weekdayList(at: index + 1, pluralOnly: false).map {
                    Match(length: $0.length + 1, value: .recurrence(.weekly($0.days)))
                }
            }
        case "on":
            if word(index + 1) == "weekdays" {
                return Match(length: 2, value: .recurrence(.weekly(Set(Weekday.workdays))))
            }
            return weekdayList(at: index + 1, pluralOnly: true).map {
                Match(length: $0.length + 1, value: .recurrence(.weekly($0.days)))
            }
        default:
            return nil
        }
    }

    /// The most words a list of days reads: seven days and the words joining them.
    static let longestDayList = 14

    /// `mon-fri`, `mon–fri`, `monday to friday`, `tue - thu`: the days from one to the other.
    private func weekdaySpan(at index: Int) -> Match? {
        guard let first = word(index) else { return nil }
        var ends: (Weekday, Weekday)?
        var length = 1
        if let dash = first.firstIndex(where: { $0 == "-" || $0 == "–" }),
            let from = Words.weekdays[String(first[..<dash])],
            let to = Words.weekdays[String(first[first.index(after: dash)...])]
        {
            ends = (from, to)
        } else if let from = Words.weekdays[first], let joiner = word(index + 1),
            ["to", "-", "–", "thru"].contains(joiner),
            let to = word(index + 2).flatMap({ Words.weekdays[$0] })
        {
            (ends, length) = ((from, to), 3)
        }
        guard let (from, to) = ends, from != to else { return nil }
        var days: Set<Weekday> = []
        var day = from.rawValue
        while true {
            days.insert(Weekday(rawValue: day)!)
            if day == to.rawValue { break }
            day = day % 7 + 1
        }
        return Match(length: length, value: .recurrence(.weekly(days)))
    }

    /// `mon wed fri evenings`, `tuesday evenings`: days and a part of the day said in the plural.
    private func daysWithPluralPart(at index: Int) -> Match? {
        var days: Set<Weekday> = []
        var cursor = index
        // A week has seven days: a longer run is no list, and the scan stays bounded.
        while let text = word(cursor), cursor - index < Self.longestDayList {
            if let named = weekdays(in: text, pluralOnly: false) {
                days.formUnion(named)
            } else if days.isEmpty || !["and", "&", "n", "+"].contains(text) {
                break
            }
            cursor += 1
        }
        guard !days.isEmpty, let plural = word(cursor), plural.hasSuffix("s"), let part = PartOfDay.words[plural] else {
            return nil
        }
        return Match(length: cursor + 1 - index, value: .recurrence(.weekly(days), part: part))
    }

    /// `monday`, `mon, wed and fri`, `tue/thu`: weekdays joined by commas, `and`, `&` or `/`.
    /// `pluralOnly` accepts only plural forms (`on mondays`, where `on monday` is a date).
    private func weekdayList(at index: Int, pluralOnly: Bool) -> (length: Int, days: Set<Weekday>)? {
        var days: Set<Weekday> = []
        var cursor = index
        var length = 0
        func listContinues(at index: Int) -> Bool {
            word(index).flatMap { weekdays(in: $0, pluralOnly: pluralOnly) } != nil
        }
        while let text = word(cursor), cursor - index < Self.longestDayList,
            let named = weekdays(in: text, pluralOnly: pluralOnly)
        {
            days.formUnion(named)
            cursor += 1
            length = cursor - index
            if tokens[cursor - 1].trailing.hasPrefix(",") || !pluralOnly, listContinues(at: cursor) { continue }
            if let joiner = word(cursor), ["and", "&", "n", "+"].contains(joiner), listContinues(at: cursor + 1) {
                cursor += 1
                continue
            }
            break
        }
        return days.isEmpty ? nil : (length, days)
    }

    /// `m/w/f`, `tu/th`: days in one or two letters, two or more joined by `/`, after `every`
    /// (a lone `m` or `s` would be anything).
    private static func daysInLetters(_ text: String) -> [Weekday]? {
        let letters: [String: Weekday] = [
            "m": .monday, "mo": .monday, "tu": .tuesday, "w": .wednesday, "we": .wednesday, "th": .thursday,
            "f": .friday, "fr": .friday, "sa": .saturday, "su": .sunday
        ]
        let names = text.split(separator: "/")
        let days = names.compactMap { letters[String($0)] }
        return names.count >= 2 && days.count == names.count ? days : nil
    }

    /// The weekdays a word names (`mon`, `tuesdays`, `mon/wed`), or nil if any part is not one.
    private func weekdays(in text: String, pluralOnly: Bool) -> [Weekday]? {
        // Most words are no day: the first letter of every day's name decides cheaply.
        guard let first = text.first, "mtwfs".contains(first) else { return nil }
        let names = text.split(whereSeparator: { $0 == "/" || $0 == "," })
        let days = names.compactMap { name -> Weekday? in
            if !pluralOnly, let day = Words.weekdays[String(name)] { return day }
            // `tues` and `thurs` are one day, not a plural.
            guard Words.weekdays[String(name)] == nil, name.hasSuffix("s") else { return nil }
            return Words.weekdays[String(name.dropLast())]
        }
        return !names.isEmpty && days.count == names.count ? days : nil
    }

    // MARK: Dates

    /// A day any of the day rules reads (the longest reading), after an optional preposition.
    func date(at index: Int) throws(CaptureError) -> Match? {
        try withPreposition(Words.datePrepositions, at: index) { (start, afterPreposition) throws(CaptureError) in
            try day(at: start, afterContext: afterPreposition)
        }
    }

    /// The longest reading of any day rule at `index`; `afterContext` when a preposition or a
    /// deadline's word came before, which makes `the 3rd` and `sat` days. Kept once read: the
    /// rules that compose a day ask for it again.
    func day(at index: Int, afterContext: Bool) throws(CaptureError) -> Match? {
        let key = index * 2 + (afterContext ? 1 : 0)
        if let known = memo.days[key] { return try known.get() }
        let result = Result { () throws(CaptureError) in try readDay(at: index, afterContext: afterContext) }
        memo.days[key] = result
        return try result.get()
    }

    private func readDay(at index: Int, afterContext: Bool) throws(CaptureError) -> Match? {
        let readings = [
            try dateCore(at: index, afterContext: afterContext), weekAfter(at: index), numericDate(at: index),
            namedDay(at: index), approximateDay(at: index), dayOfMonthByCount(at: index)
        ]
        return readings.reduce(nil) { best, next in
            guard let next else { return best }
            return best.map { $0.length >= next.length ? $0 : next } ?? next
        }
    }

    /// Whether the word at `index` is part of a title: a word with letters or figures that names
    /// no when and starts none (an emoji, nothing, or a preposition such as `for` or `at`, is not).
    func continuesTitle(_ index: Int) -> Bool {
        guard index < tokens.count else { return false }
        let text = tokens[index].word
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        if tokens[index].isProtected { return true }
        return !isWhenWord(text) && !Words.timePrepositions.contains(text)
            && !Words.durationPrepositions.contains(text) && !Words.datePrepositions.contains(text)
            && text != "ish" && text != "sharp" && Self.namedClock(text) == nil
            && ClockWord(text)?.isExplicit != true && !text.first!.isNumber
    }

    /// A day one rule reads, after an optional preposition.
    func date(at index: Int, by rule: (Int) -> Match?) throws(CaptureError) -> Match? {
        try withPreposition(Words.datePrepositions, at: index) { start, _ in rule(start) }
    }

    func dateCore(at index: Int, afterContext: Bool) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        func on(_ date: LocalDate, length: Int) -> Match { Match(length: length, value: .date(date)) }
        // `Sat 12/12`, `Thursday 10th December`: a weekday before the date it names is read with it.
        // A bare ordinal after a weekday (`fri 18th`) is `ordinalDate`'s.
        if let weekday = Words.weekdays[first],
            numericDate(at: index + 1) != nil
                || (word(index + 1).flatMap(dayOfMonth) != nil
                    && word(word(index + 2) == "of" ? index + 3 : index + 2).flatMap { Words.months[$0] } != nil)
                || (word(index + 1).flatMap { Words.months[$0] } != nil && word(index + 2).flatMap(dayOfMonth) != nil)
                || word(index + 1).flatMap(Words.dayAndMonthInOneWord) != nil,
            let dated = try day(at: index + 1, afterContext: true), case .date(let date) = dated.value
        {
            guard date.weekday == weekday else {
                throw error(
                    index,
                    "\(date.iso) is a \(date.weekday.name), not a \(weekday.name); expected the weekday it falls on")
            }
            return Match(length: dated.length + 1, value: dated.value, note: dated.note)
        }

        if let offset = try offsetDate(at: index) { return offset }
        if let ordinal = try ordinalDate(at: index, afterContext: afterContext) { return ordinal }
        // `2027 March 18`: a year written before a month and its day is theirs.
        if let year = year(at: index), let month = word(index + 1).flatMap({ Words.months[$0] }),
            let day = word(index + 2).flatMap(dayOfMonth), self.year(at: index + 3) == nil
        {
            guard let date = LocalDate(year: year, month: month, day: day) else {
                throw error(index, "there is no \(LocalDate.monthNames[month - 1]) \(day) in \(year)")
            }
            return on(date, length: 3)
        }

        if let offset = Words.relativeDays[first] {
            return on(today.adding(days: offset), length: 1)
        }
        // `day after tomorrow`, `the day after tomorrow`.
        let article = first == "the" && word(index + 1) == "day" ? 1 : 0
        if word(index + article) == "day", word(index + article + 1) == "after", word(index + article + 2) == "tomorrow"
        {
            return on(today.adding(days: 2), length: article + 3)
        }
        // `wednesday of next week`, `friday of this week`.
        if let day = Words.weekdays[first], word(index + 1) == "of", ["next", "this"].contains(word(index + 2) ?? ""),
            word(index + 3) == "week"
        {
            return on(word(index + 2) == "next" ? inNextWeek(day) : inNextWeek(day).adding(days: -7), length: 4)
        }
        // `sat`, `sun`, `wed` are days where no title word follows them (`haircut sat`, `brunch sun
        // at 11`, `party 2-4pm sat, buy present`: a comma ends the phrase), not in `sat exam revision`.
        if let day = Words.weekdays[first],
            afterContext || !Words.ambiguousWeekdays.contains(first) || !continuesTitle(index + 1)
                || tokens[index].endsClause && tokens[index].raw.contains(where: \.isLowercase)
        {
            return on(next(day, includingToday: false), length: 1)
        }
        // `hike wkend`: a weekend where no title word follows it (not `weekend plans`) is this one;
        // so is one that heads the line as its label (`wkend: clean gutters`).
        let heads =
            index == 0 && (tokens[index].trailing.contains { ":-–,".contains($0) } || ["-", "–", ":"].contains(word(1)))
        if first == "weekend", !continuesTitle(index + 1) || heads,
            !(index > 0 && Words.determiners.contains(tokens[index - 1].word))
        {
            return on(thisWeekend, length: 1)
        }
        if first == "next" || first == "this", let second = word(index + 1) {
            let nextWeek = first == "next"
            if let day = Words.weekdays[second] {
                return on(nextWeek ? inNextWeek(day) : next(day, includingToday: true), length: 2)
            }
            if second == "weekend" {
                return on(nextWeek ? inNextWeek(.saturday) : thisWeekend, length: 2)
            }
            // `follow up next day`: tomorrow, where no title word follows (not `next day delivery`).
            if second == "day", nextWeek, !continuesTitle(index + 2) { return on(today.adding(days: 1), length: 2) }
            if second == "week" || second == "wk", nextWeek {
                return on(inNextWeek(.monday), length: 2)
            }
            // `next weekday`, `next working day`, `next business day`: the next day Monday to Friday.
            let workday =
                second == "weekday" ? 2 : ["working", "business"].contains(second) && word(index + 2) == "day" ? 3 : 0
            if nextWeek, workday > 0 {
                var day = today.adding(days: 1)
                while !Weekday.workdays.contains(day.weekday) { day = day.adding(days: 1) }
                return on(day, length: workday)
            }
        }
        if let month = Words.months[first], let day = word(index + 1).flatMap(dayOfMonth) {
            return try monthDay(month: month, day: day, at: index, length: 2)
        }
        // `february the 15th`.
        if let month = Words.months[first], word(index + 1) == "the",
            let day = word(index + 2).flatMap({ Self.ordinal($0) }), (1...31).contains(day)
        {
            return try monthDay(month: month, day: day, at: index, length: 3)
        }
        // `jan 15-17`: a stretch of days is planned on its first.
        if let month = Words.months[first], let days = word(index + 1)?.split(separator: "-"), days.count == 2,
            let day = dayOfMonth(String(days[0])), let last = dayOfMonth(String(days[1])), day < last
        {
            return try monthDay(month: month, day: day, at: index, length: 2)
        }
        // `14-16 jan`, `14th–16th january`: a stretch of days before its month, planned on its first.
        if let days = first.split(whereSeparator: { $0 == "-" || $0 == "–" }).map(String.init) as [String]?,
            days.count == 2, let day = dayOfMonth(days[0]), let last = dayOfMonth(days[1]), day < last,
            let month = word(index + 1).flatMap({ Words.months[$0] })
        {
            return try monthDay(month: month, day: day, at: index, length: 2)
        }
        // `the 20th of next month`, `20 of this month`.
        if let (day, ahead, length) = dayOfARelativeMonth(at: index) {
            guard let start = LocalDate(year: today.year, month: today.month, day: 1)!.addingMonths(ahead),
                let date = LocalDate(year: start.year, month: start.month, day: day)
            else {
                throw error(index, "'\(first) …' names a day that month does not have")
            }
            return on(date, length: length)
        }
        // `june first`: a month (not `may` or `march`, words too) and an ordinal spelled out.
        if let month = Words.months[first], !["may", "march", "mar"].contains(first),
            let day = word(index + 1).flatMap({ Self.spelledOrdinals[$0] })
        {
            return try monthDay(month: month, day: day, at: index, length: 2)
        }
        // `3 jan`, `3rd of january`, `the 3rd of january`, `the first of march`.
        let the = first == "the" ? 1 : 0
        if let day = word(index + the).flatMap({ dayOfMonth($0) ?? Self.spelledOrdinals[$0] }) {
            let monthIndex = word(index + the + 1) == "of" ? index + the + 2 : index + the + 1
            if let month = word(monthIndex).flatMap({ Words.months[$0] }) {
                return try monthDay(month: month, day: day, at: index, length: monthIndex - index + 1)
            }
        }
        // `14april`, `15sep`, `feb13`, `10-dec-2027`: a day and a month written as one word.
        if let glued = Words.dayAndMonthInOneWord(first) {
            return try monthDay(month: glued.month, day: glued.day, at: index, length: 1, inWord: glued.year)
        }
        return try isoDate(first, at: index).map { on($0, length: 1) }
    }

    /// A year written in four digits at `index` (`2027`).
    func year(at index: Int) -> Int? {
        word(index).flatMap(CaptureVocabulary.year)
    }

    /// A month and day, with an optional year after it (or `inWord`, the year written in the same
    /// word); without a year, a date already past this year means next year's.
    private func monthDay(
        month: Int, day: Int, at index: Int, length: Int, inWord: Int? = nil
    ) throws(CaptureError) -> Match {
        let written = inWord == nil ? year(at: index + length) : nil
        let year = inWord ?? written ?? ((month, day) < (today.month, today.day) ? today.year + 1 : today.year)
        guard let date = LocalDate(year: year, month: month, day: day) else {
            throw error(
                index,
                "there is no \(LocalDate.monthNames[month - 1]) \(day) in \(year); "
                    + "expected a day from 1 to \(LocalDate.daysIn(month: month, year: year))")
        }
        return Match(length: length + (written == nil ? 0 : 1), value: .date(date))
    }

    /// `2026-12-24`, and with the year first its shorter and slashed forms: `2027-3-3`, `2027/3/14`.
    private func isoDate(_ text: String, at index: Int) throws(CaptureError) -> LocalDate? {
        let separator: Character = text.contains("/") ? "/" : "-"
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        guard let date = LocalDate(year: Int(parts[0])!, month: Int(parts[1])!, day: Int(parts[2])!) else {
            throw error(index, "'\(text)' is not a date; expected YYYY-MM-DD with a real month and day")
        }
        return date
    }

    /// `10`, `10th`, `1st`, `22nd`: a day of the month from 1 to 31.
    func dayOfMonth(_ text: String) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let suffix = text.dropFirst(digits.count)
        guard (1...2).contains(digits.count), ["", "st", "nd", "rd", "th"].contains(suffix),
            let day = Int(digits), (1...31).contains(day)
        else { return nil }
        return day
    }

    func count(_ text: String) -> Int? {
        if let value = Int(text), value > 0, value < 1000 { return value }
        return Words.numberWords[text]
    }

    /// `a couple of` (2) and `a few` (3) before a unit, and how many words say it.
    func roughCount(at index: Int) -> (count: Int, length: Int)? {
        let a = word(index) == "a" ? 1 : 0
        switch word(index + a) {
        case "couple" where word(index + a + 1) == "of": return (2, a + 2)
        case "few": return (3, a + 1)
        default: return nil
        }
    }

    /// The next `day` after today (or today itself when `includingToday`).
    func next(_ day: Weekday, includingToday: Bool) -> LocalDate {
        let ahead = (day.rawValue - today.weekday.rawValue + 7) % 7
        return today.adding(days: ahead == 0 && !includingToday ? 7 : ahead)
    }

    /// `the 20th of next month`, `20 of this month`, `20th day of next month`: the day, how many
    /// months ahead, and the words read.
    private func dayOfARelativeMonth(at index: Int) -> (day: Int, ahead: Int, length: Int)? {
        var cursor = word(index) == "the" ? index + 1 : index
        guard let day = word(cursor).flatMap({ dayOfMonth($0) ?? Self.spelledOrdinals[$0] }) else { return nil }
        cursor += 1
        if word(cursor) == "day" { cursor += 1 }
        guard word(cursor) == "of" else { return nil }
        cursor += 1
        if word(cursor) == "the" { cursor += 1 }
        guard let which = word(cursor), ["next", "this", "current"].contains(which), word(cursor + 1) == "month" else {
            return nil
        }
        return (day, which == "next" ? 1 : 0, cursor + 2 - index)
    }

    /// The day a weekend names: the coming Saturday, or today on a Sunday.
    var thisWeekend: LocalDate { today.weekday == .sunday ? today : next(.saturday, includingToday: true) }

    /// `day` in the calendar week (Monday to Sunday) after this one.
    func inNextWeek(_ day: Weekday) -> LocalDate {
        today.adding(days: 7 - today.weekday.rawValue + day.rawValue)
    }

    // MARK: Tags

    static let tags: [String: Category] = [
        "#deep": .deepWork, "#deepwork": .deepWork, "#admin": .admin, "#logistics": .admin,
        "#health": .health, "#wellbeing": .health, "#culture": .culture, "#leisure": .culture
    ]

    func tag(at index: Int) -> Match? {
        word(index).flatMap { Self.tags[$0] }.map { Match(length: 1, value: .tag($0)) }
    }
}
