/// Clock times and ranges: `at 3pm`, `15:30`, `2-3pm`, `from 9 to 10:30`, `noon`.
extension PhraseReader {
    func time(at index: Int) throws(CaptureError) -> Match? {
        // `till 5pm` names when a task ends, not when it starts: left for the unread warning.
        if index > 0, ["till", "until"].contains(tokens[index - 1].word) { return nil }
        // `10 ish`: a bare hour made a time by the word after it, as `10ish` is (not in `3 ish
        // apples`, a count).
        if let first = word(index), !first.isEmpty, first.allSatisfy(\.isNumber), word(index + 1) == "ish",
            !continuesTitle(index + 2), let match = try timeCore(at: index, afterAt: true), match.length == 1
        {
            return Match(length: 2, value: Self.approximate(match.value), note: match.note)
        }
        // `a table for 8pm`, `for a quarter past 3pm`: `for` before a clock time written as one.
        if word(index) == "for", let next = word(index + 1), ClockWord(next)?.isExplicit == true || next == "a",
            let match = try time(at: index + 1), case .time = match.value
        {
            return Match(length: match.length + 1, value: match.value, note: match.note)
        }
        // `at about 3pm`, `approximately 10:30`: a rough guide, when the clock is written as one.
        let roughStart = word(index) == "at" && Self.roughWords.contains(word(index + 1) ?? "") ? index + 2 : index + 1
        if roughStart == index + 2 || Self.roughWords.contains(word(index) ?? ""),
            let next = word(roughStart), ClockWord(next)?.isExplicit == true,
            let match = try timeCore(at: roughStart, afterAt: true)
        {
            return Match(length: roughStart - index + match.length, value: Self.approximate(match.value))
        }
        // `after 10am`: from that time on.
        if word(index) == "after", let next = word(index + 1), ClockWord(next)?.isExplicit == true,
            let match = try time(at: index + 1)
        {
            return Match(length: match.length + 1, value: match.value)
        }
        guard
            let match = try withPreposition(
                Words.timePrepositions, at: index,
                { (start, afterAt) throws(CaptureError) in
                    try timeCore(at: start, afterAt: afterAt)
                })
        else { return nil }
        // `at 9 sharp`, `at 9 on the dot`, `10 ish`.
        let end = index + match.length
        if word(end) == "sharp" { return Match(length: match.length + 1, value: match.value) }
        if word(end) == "ish" || word(end) == "approximately" || word(end) == "approx" {
            return Match(length: match.length + 1, value: Self.approximate(match.value))
        }
        if word(end) == "on", word(end + 1) == "the", word(end + 2) == "dot" {
            return Match(length: match.length + 3, value: match.value)
        }
        // `around 3pm`, `5ish`: a rough guide, which the planner takes as a preference.
        let rough =
            word(index) == "around"
            || tokens[index..<end].contains { ClockWord($0.word)?.isApproximate == true }
        return rough ? Match(length: match.length, value: Self.approximate(match.value), note: match.note) : match
    }

    /// Whether a bare `hour` is one people mean in that part of the day: 5 to 11 in the morning
    /// or the evening, 12 and 1 to 5 in the afternoon, 9 to 12 at night.
    static func isLikelyHour(_ hour: Int, in part: Value) -> Bool {
        guard case .partOfDay(let part, _) = part else { return false }
        switch part {
        case .morning, .evening: return (5...11).contains(hour)
        case .afternoon: return hour == 12 || (1...5).contains(hour)
        case .night: return (9...12).contains(hour)
        }
    }

    /// Words a number after them counts or names (`chapter 7`, `room 9`): never an hour.
    private static let countNouns: Set<String> = [
        "chapter", "ch", "page", "p", "pages", "room", "bay", "ward", "bed", "level", "floor", "lesson", "episode",
        "ep",
        "part", "step", "item", "no", "no.", "number", "#", "table", "gate", "platform", "year", "grade", "week",
        "session", "round", "set", "sets", "reps", "unit", "module", "task", "question", "q", "exercise", "act",
        "scene", "season", "track", "bus", "route", "line", "row", "seat", "house", "flat", "apt", "block"
    ]

    private static let roughWords: Set<String> = ["about", "around", "approx", "approximately", "roughly", "circa", "~"]

    /// `value`, when it is a clock time, as an approximate one.
    static func approximate(_ value: Value) -> Value {
        guard case .time(let time, let minutes, let flexible, _) = value else { return value }
        return .time(time, minutes: minutes, flexible: flexible, approximate: true)
    }

    func timeCore(at index: Int, afterAt written: Bool) throws(CaptureError) -> Match? {
        guard let first = word(index) else { return nil }
        // `the 10am meeting` names a meeting; `0800 123 456` is a telephone number.
        if index > 0, Words.determiners.contains(tokens[index - 1].word), continuesTitle(index + 1) { return nil }
        if first.count == 4, first.allSatisfy(\.isNumber), let next = word(index + 1),
            !next.isEmpty, next.allSatisfy(\.isNumber)
        {
            return nil
        }
        // Right after a day or a part of it, a bare hour or range is a time where no title word
        // follows (`sun 2-4`, `sat 11`, `every morning 7`), not in `mon 3 meetings`.
        let previous = index > 0 ? tokens[index - 1].word : ""
        let afterDay =
            !written && index > 0 && !tokens[index - 1].isProtected && Words.months[previous] == nil
            && (Words.isDateWord(previous) || PartOfDay.words[previous] != nil || numericDate(at: index - 1) != nil)
        let afterAt = written || afterDay
        // `sunday 2027`: a year near this one after a day is no clock time (20:27); it stays in the
        // title, and the unread-words report names it.
        if afterDay, !written, let year = Words.year(first), (today.year - 1...today.year + 2).contains(year) {
            return nil
        }
        if let spoken = try spokenTime(at: index, afterAt: afterAt) { return spoken }
        // `the midday`, where no title word follows (`watch the midnight showing`).
        let the = first == "the" && !continuesTitle(index + 2) ? 1 : 0
        let named = word(index + the) ?? ""
        // `10 to noon`: noon after a figure and `to` or `past` is read with them (a range, or
        // minutes before or past it), never alone.
        if the == 0, index >= 2, ["to", "past"].contains(tokens[index - 1].word),
            Int(tokens[index - 2].word) != nil
        {
            return nil
        }
        if named == "noon" || named == "midday" || (named == "mid" && word(index + the + 1) == "day") {
            let length = the + (named == "mid" ? 2 : 1)
            // `noon to 2`, `from midday till 1:30pm`.
            if the == 0, length == 1, let range = try range(from: Self.namedClock(named)!, at: index, length: 1) {
                return range
            }
            return Match(length: length, value: .time(ClockTime(hour: 12, minute: 0)!, minutes: nil))
        }
        if named == "midnight" {
            if the == 0, let range = try range(from: Self.namedClock(named)!, at: index, length: 1) { return range }
            return Match(length: the + 1, value: .time(ClockTime(hour: 0, minute: 0)!, minutes: nil))
        }
        // `swim 6-7 saturday`: a range right before a day is a time, as one right after it.
        // Not after a word it counts: `season 3 ep 10-12 tonight` names episodes.
        let countedBefore = index > 0 && Self.countNouns.contains(tokens[index - 1].word)
        let beforeDay = !written && word(index + 1).map(isWhenWord) == true
        for dash in ["-", "–"] where first.contains(where: { String($0) == dash }) {
            let ends = first.split(separator: dash, omittingEmptySubsequences: false).map(String.init)
            if ends.count == 2, let start = Self.rangeClock(ends[0]), let end = Self.rangeClock(ends[1]),
                start.isExplicit || end.isExplicit || (afterAt || beforeDay) && !countedBefore
            {
                // Bare figures that make no range within a day are no times, and refuse nothing.
                if !start.isExplicit, !end.isExplicit { return try? range(start, end, at: index, length: 1) }
                return try range(start, end, at: index, length: 1)
            }
        }
        // `9:01:10 am`: a clock with seconds and a one-figure hour, its am or pm a word apart.
        let secondsApart = ClockWord(first) == nil && first.filter { $0 == ":" }.count == 2
        guard var start = ClockWord(first) ?? (secondsApart ? word(index + 1).flatMap { ClockWord(first + $0) } : nil)
        else { return nil }
        // `owe Kim 8.40`, `pay the window cleaner 12.30`: an amount of money, unless `at` says a time.
        if !afterAt, start.meridiem == nil, first.contains("."), owesMoney(before: index) { return nil }
        // `call back 0207 946 0000`: figures in groups are a telephone number.
        if start.meridiem == nil, first.allSatisfy(\.isNumber), isFigureGroup(index - 1) || isFigureGroup(index + 1) {
            return nil
        }
        var length = secondsApart ? 2 : 1
        if start.meridiem == nil, let meridiem = meridiemWords(at: index + 1) {
            start.meridiem = meridiem.meridiem
            length += meridiem.length
        }
        if let range = try range(from: start, at: index, length: length, afterAt: afterAt) { return range }
        // `from 1 to 100 practice`: a bare figure joined to another as a range that is none is no time.
        if !start.isExplicit, let joiner = word(index + length), ["-", "–", "to", "until", "till"].contains(joiner),
            let end = word(index + length + 1).flatMap(Self.rangeClock), !end.isExplicit
        {
            return nil
        }
        // `by thursday 3h`: a short `Nh` not written after `at` is a length, even after a day.
        if !written, start.hasHourMark, !start.isExplicit { return nil }
        // A bare number is a time only after `at` (`at 3`), and never one past 23 (`at 25 Baker St`),
        // or right before a part of the day it is an hour of (`8 tonight`, `6 in the morning`; not
        // `chapter 3 this morning`).
        let followingPart = !written && first.allSatisfy(\.isNumber) ? try partOfDay(at: index + length) : nil
        let beforePart = !countedBefore && followingPart.map { Self.isLikelyHour(start.hour, in: $0.value) } ?? false
        guard start.isExplicit || (afterAt && start.hour <= 23) || beforePart else { return nil }
        // `at 7a Elm St`: a letter for am or pm names an address where a title word follows; an
        // hour run into its minutes is a time only beside a day or a part of the day (`tonight 815`,
        // `at 730 in the evening`), not alone (`sell the bike at 250`).
        if !start.isExplicit, start.hasLetterMeridiem || start.isRunTogether {
            let partFollows = try partOfDay(at: index + length) != nil
            if start.isRunTogether, !afterDay, !partFollows { return nil }
            if continuesTitle(index + length), !partFollows { return nil }
            // `pay the paper boy at 5p`: pence, after a word of money.
            if start.hasLetterMeridiem, owesMoney(before: index) { return nil }
        }
        if afterDay, !start.isExplicit, continuesTitle(index + length) { return nil }
        // `at 3 15`: minutes written apart from a bare hour after `at`, where no title word follows.
        if afterAt, length == 1, first.count <= 2, first.allSatisfy(\.isNumber), let minutes = word(index + 1),
            minutes.count == 2, minutes.allSatisfy(\.isNumber), Int(minutes)! < 60, !continuesTitle(index + 2),
            var joined = ClockWord("\(first):\(minutes)")
        {
            var joinedLength = 2
            if let meridiem = word(index + 2).flatMap(ClockWord.meridiem) {
                joined.meridiem = meridiem
                joinedLength += 1
            }
            return Match(
                length: joinedLength,
                value: .time(try resolve(joined, at: index + 1), minutes: nil, flexible: joined.isFlexible))
        }
        return Match(
            length: length, value: .time(try resolve(start, at: index), minutes: nil, flexible: start.isFlexible))
    }

    /// Whether a word before `index` speaks of money (`owe`, `pay`, `£`): a dotted number after
    /// it is an amount.
    private func owesMoney(before index: Int) -> Bool {
        tokens[..<index].contains { Self.moneyWords.contains($0.word) || $0.word.contains { "£$€".contains($0) } }
    }

    /// Whether the word at `index` is a group of three figures or more: beside another, a
    /// telephone number's (`0207 946 0000`), not a clock.
    private func isFigureGroup(_ index: Int) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].word.count >= 3
            && tokens[index].word.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static let moneyWords: Set<String> = [
        "owe", "owes", "owed", "pay", "paid", "pays", "lend", "lent", "repay", "refund", "cost", "costs", "spent",
        "spend", "tip", "price", "charge", "bill", "split", "transfer", "send", "invoice", "reimburse"
    ]

    /// `noon`, `midday` and `midnight` as the clock words they stand for, which may begin or end a
    /// range (`9 to noon`, `noon-2pm`, `8 to midnight`).
    static func namedClock(_ text: String) -> ClockWord? {
        switch text {
        case "noon", "midday": ClockWord("12pm")
        case "midnight": ClockWord("12am")
        default: nil
        }
    }

    /// One end of a range: a clock word, or noon or midnight.
    static func rangeClock(_ text: String) -> ClockWord? { ClockWord(text) ?? namedClock(text) }

    /// The range that starts with `start` (the words from `index`, `length` of them) and goes on
    /// with `-`, `to`, `until` or `till` (`and` after `between`) to its end: `2 to 3pm`, `9 to noon`,
    /// `noon - 1:30`. `10:30 - 1h30` is a time and a length, not a range; without am or pm on either
    /// end, the range needs `at` or a day before it (`revise 10 to 12` stays a title).
    private func range(from start: ClockWord, at index: Int, length: Int, afterAt: Bool = true) throws(CaptureError)
        -> Match?
    {
        let between = index > 0 && ["between", "btwn"].contains(tokens[index - 1].word)
        guard let joiner = word(index + length),
            ["-", "–", "to", "until", "till"].contains(joiner) || (between && joiner == "and"),
            var end = word(index + length + 1).flatMap(Self.rangeClock), !end.hasHourMark || end.isWrittenAsTime
        else { return nil }
        var endLength = 1
        if end.meridiem == nil, let meridiem = word(index + length + 2).flatMap(ClockWord.meridiem) {
            end.meridiem = meridiem
            endLength += 1
        }
        guard start.isExplicit || end.isExplicit || afterAt else { return nil }
        // A bare figure before noon or midnight that cannot begin a range is no hour (`15 to
        // noon` is minutes before it, `spokenTime`'s), and the line is not refused for it; nor
        // for two bare figures that make no range within a day (`from 1 to 100 practice`).
        if !start.isExplicit, Self.namedClock(word(index + length + 1)!) != nil || !end.isExplicit {
            return try? range(start, end, at: index, length: length + 1 + endLength)
        }
        return try range(start, end, at: index, length: length + 1 + endLength)
    }

    private func range(_ start: ClockWord, _ end: ClockWord, at index: Int, length: Int) throws(CaptureError) -> Match {
        var end = end
        // `midnight to 2`: a bare hour after midnight is the night's.
        if start.meridiem == .am, start.hour == 12, end.meridiem == nil, end.hour < 12 { end.meridiem = .am }
        // `8 to midnight`, `10pm-12am`: a range that ends at midnight ends with the day (24:00), and
        // a bare hour before it is the evening's.
        let resolvedEnd = try resolve(end, at: index).minutes
        let endsAtMidnight = resolvedEnd == 0 && (end.meridiem == .am || end.hourDigits == 2)
        var finish = endsAtMidnight ? 24 * 60 : resolvedEnd
        var begin = start
        if begin.meridiem == nil, begin.hour <= 12, let meridiem = endsAtMidnight ? .pm : end.meridiem {
            begin.meridiem = meridiem
            if let resolved = try? resolve(begin, at: index), resolved.minutes >= finish, meridiem == .pm {
                begin.meridiem = .am
            }
        }
        let opening = try resolve(begin, at: index).minutes
        // `swim at 6-7`: the 6 is the evening's (bare hours 1 to 6 are), and so is the 7.
        // Only bare hours move so: `19:30-08:00` is a night, not half an hour in the evening.
        if opening >= finish, begin.meridiem == nil, end.meridiem == nil, begin.isFlexible, end.isFlexible,
            finish < 12 * 60, finish + 12 * 60 > opening
        {
            finish += 12 * 60
        }
        // `NYE party 10pm-1am`, `night shift 19:30-08:00`: an evening start and a morning end run
        // past midnight; the day's plan holds the part up to midnight, and says so.
        var note: String?
        if opening >= finish, opening >= 12 * 60, finish < 12 * 60, start.isExplicit || end.isExplicit {
            note =
                "‘\(CaptureParser.text(of: tokens[index..<index + length]))’ runs past midnight: "
                + "planned from \(ClockTime(hour: opening / 60, minute: opening % 60)!) until midnight"
            finish = 24 * 60
        }
        guard opening < finish else {
            throw error(
                index, "'\(tokens[index].word)…' ends before it starts; expected a range within one day, such as 2-3pm")
        }
        // `party sat 7-11`: a range written without am or pm may move past noon as a bare hour does.
        return Match(
            length: length,
            value: .time(
                ClockTime(hour: opening / 60, minute: opening % 60)!, minutes: finish - opening,
                flexible: start.isFlexible && end.meridiem == nil && finish < 12 * 60),
            note: note)
    }

    /// Turns a written clock time into a time of day. Without am/pm, a single-digit hour from
    /// 1 to 6 (`at 3`, `3:30`) means the afternoon: nobody plans a task for 3 in the morning;
    /// the continental `3h18`, with its hour mark, keeps the 24-hour clock.
    func resolve(_ clock: ClockWord, at index: Int) throws(CaptureError) -> ClockTime {
        let written = tokens[index].word
        guard (0...59).contains(clock.minute) else {
            throw error(index, "'\(written)' is not a time of day; minutes run from 00 to 59")
        }
        switch clock.meridiem {
        case let meridiem?:
            guard (1...12).contains(clock.hour) else {
                throw error(index, "'\(written)' is not a time of day; with am or pm the hour runs from 1 to 12")
            }
            return ClockTime(hour: clock.hour % 12 + (meridiem == .pm ? 12 : 0), minute: clock.minute)!
        case nil:
            guard (0...23).contains(clock.hour) else {
                throw error(index, "'\(written)' is not a time of day; expected 00:00 to 23:59, or a time such as 3pm")
            }
            // The continental `3h18` is the 24-hour clock's 03:18.
            let afternoon = clock.hourDigits == 1 && (1...6).contains(clock.hour) && !clock.isContinental
            return ClockTime(hour: clock.hour + (afternoon ? 12 : 0), minute: clock.minute)!
        }
    }
}
