/// Finds the words capture left in a title that look like a when: a second day or time, a
/// repeat or clock phrase it does not know. They are reported, never silently kept.
enum UnreadWords {
    private typealias Words = CaptureVocabulary

    /// Words that only ever say when. Day names that are also common words (`may`, `march`,
    /// `sat`, `sun`, `wed`), bare parts of the day (`morning run`, which the scheduler honours
    /// from the title) and adjectives of repeat (`the quarterly report`, `daily standup`) are
    /// left out.
    private static let whenWords: Set<String> = [
        "today", "tonight", "tomorrow", "tmrw", "tmr", "yesterday", "noon", "midday", "midnight", "o'clock", "oclock",
        "eod", "cob", "eow", "eom", "fortnight"
    ]
    private static let ambiguousDayWords: Set<String> = ["may", "march", "sat", "sun", "wed", "mar", "jun", "jan"]
    private static let periodWords: Set<String> = [
        "week", "month", "year", "weekend", "day", "quarter", "fortnight", "weeks", "months", "years", "days"
    ]
    /// How often, without which days: `twice a week`, `3x a week`, `once per month`.
    private static func isFrequency(_ word: String) -> Bool {
        ["once", "twice", "thrice", "times"].contains(word) || (word.hasSuffix("x") && Int(word.dropLast()) != nil)
    }

    private static func isYear(_ word: String) -> Bool {
        CaptureVocabulary.year(word).map { (1900...2199).contains($0) } == true
    }

    /// Runs of unread when-words, each as one phrase.
    static func phrases(of reader: PhraseReader, consumed: [Bool]) -> [UnreadPhrase] {
        let tokens = reader.tokens
        var phrases: [UnreadPhrase] = []
        var runStart: Int?
        func close(_ end: Int) {
            // `email Bo about sunday`: what the task is about is its title, read as such.
            if let start = runStart, !Words.followsSubjectMarker(start, in: tokens) {
                phrases.append(
                    UnreadPhrase(column: tokens[start].column, text: CaptureParser.text(of: tokens[start..<end])))
            }
            runStart = nil
        }
        // `easter in 2 weeks`: a named day left in the title right beside a when that was read.
        var namedBesideAWhen = [Bool](repeating: false, count: tokens.count)
        for index in tokens.indices where !consumed[index] {
            guard let length = namedDayLength(tokens, index) else { continue }
            let end = index + length
            if (index > 0 && consumed[index - 1]) || (end < tokens.count && consumed[end]),
                !consumed[index..<end].contains(true)
            {
                for at in index..<end { namedBesideAWhen[at] = true }
            }
        }
        // `defrost the chicken 2 hrs before dinner`: how long before something, which is no length
        // (`for 2h before dinner` is one).
        var lengthBefore = [Bool](repeating: false, count: tokens.count)
        for index in tokens.indices.dropFirst() where ["before", "prior"].contains(tokens[index].word) {
            guard let start = reader.offsetLengthStart(before: index) else { continue }
            for at in start...index { lengthBefore[at] = true }
        }
        for index in tokens.indices {
            // `branch sunday 2013`, `last day of october 2015`: a year beside a when that was read
            // without it.
            let yearBesideAWhen =
                isYear(tokens[index].word)
                && (index > 0 && consumed[index - 1] || index + 1 < tokens.count && consumed[index + 1])
            // `every morning and evening`: a second part of the day joined to a when that was read.
            let secondPart =
                PartOfDay.words[tokens[index].word] != nil && index >= 2 && consumed[index - 2]
                && ["and", "&", "n", "+", "or"].contains(tokens[index - 1].word)
            if !consumed[index], !tokens[index].isProtected,
                yearBesideAWhen || namedBesideAWhen[index] || secondPart || lengthBefore[index]
                    || looksLikeWhen(tokens, index)
            {
                runStart = runStart ?? index
            } else {
                close(index)
            }
        }
        close(tokens.count)
        return phrases
    }

    /// `1st` to `31st`: a day of the month in figures with its ordinal ending.
    private static func isDayOrdinal(_ word: String) -> Bool {
        guard word.count <= 4, word.first?.isNumber == true, let day = PhraseReader.ordinal(word) else { return false }
        return (1...31).contains(day)
    }

    /// How many words of the line from `index` name a holiday or other named day of any region.
    private static func namedDayLength(_ tokens: [CaptureToken], _ index: Int) -> Int? {
        let words = tokens[index...].prefix(6).map(\.word)[...]
        let someDay = LocalDate(year: 2000, month: 1, day: 1)!
        return HolidayRegion.allCases.lazy.compactMap { NamedDays(region: $0).match(words, onOrAfter: someDay)?.length }
            .first
    }

    private static func looksLikeWhen(_ tokens: [CaptureToken], _ index: Int) -> Bool {
        let word = tokens[index].word
        func next(_ offset: Int = 1) -> String? { index + offset < tokens.count ? tokens[index + offset].word : nil }
        func previous() -> String? { index > 0 ? tokens[index - 1].word : nil }
        // After an article the word names a thing: `corn on the cob`, `the midnight train`.
        if whenWords.contains(word) { return !Words.determiners.contains(previous() ?? "") }
        // `wkend clean gutters`, `nxt week`: text-speak for a day or a period says when.
        if tokens[index].isRespelled || tokens[index].isShorthand, Words.isDateWord(word) || periodWords.contains(word)
        {
            return !Words.determiners.contains(previous() ?? "")
        }
        if !ambiguousDayWords.contains(word), Words.weekdays[word] != nil || Words.months[word] != nil { return true }
        // `3rd week of jan`, `in may`: a month that is also a name or a word, after a word that
        // takes a month.
        if Words.months[word] != nil,
            ["of", "in", "early", "late", "mid", "by", "before", "until", "till", "due"].contains(previous() ?? "")
        {
            return true
        }
        // `take meds every 8 hours`: how often in hours or minutes, which no task repeats at.
        if Int(word) != nil, ["every", "each"].contains(previous() ?? ""),
            next().map({ Words.hourUnits.contains($0) || Words.minuteUnits.contains($0) }) == true
        {
            return true
        }
        if Words.hourUnits.contains(word) || Words.minuteUnits.contains(word), index >= 2,
            Int(tokens[index - 1].word) != nil, ["every", "each"].contains(tokens[index - 2].word)
        {
            return true
        }
        // `0800 123 456`, `0207 946 0000` are telephone numbers.
        if ClockWord(word)?.isExplicit == true {
            func isFigures(_ text: String?) -> Bool { text.map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } ?? false }
            return !isFigures(next()) && !(isFigures(previous()) && word.allSatisfy(\.isNumber))
        }
        /// `quarter past` with nothing after it, or a when capture could not use (`quarter past noon`).
        func dangles(_ offset: Int) -> Bool {
            guard let after = next(offset) else { return true }
            return Words.isDateWord(after) || PartOfDay.words[after] != nil || after == "noon" || after == "midnight"
        }
        // `75 to noon`: a figure, `past` or `to`, and noon or midnight not read with them.
        func isFigure(_ text: String?) -> Bool { text.flatMap { Int($0) }.map { (1...59).contains($0) } == true }
        func namedHour(_ offset: Int) -> Bool { ["noon", "midday", "midnight"].contains(next(offset) ?? "") }
        if isFigure(word), ["past", "to"].contains(next() ?? ""), namedHour(2) { return true }
        // `collect prescription after 2 tmrw`: a bare hour after `after` or `before` where no title
        // word follows it (not `stretch after 6 reps`).
        if let hour = Int(word), (1...12).contains(hour), ["after", "before"].contains(previous() ?? ""),
            next().map({ Words.isDateWord($0) || PartOfDay.words[$0] != nil || $0 == "tonight" }) ?? true
        {
            return true
        }
        // `parents arrive 23rd, leave 27th`: a day of the month in figures ending a clause, not an
        // age or anniversary after a possessive (`Ann's 30th`).
        if isDayOrdinal(word),
            index + 1 == tokens.count || tokens[index].endsClause,
            !(previous().map { $0.hasSuffix("'s") || $0.hasSuffix("’s") || $0.hasSuffix("s'") } ?? false)
        {
            return true
        }
        // `3 times a day`.
        if Int(word) != nil || Words.numberWords[word] != nil, next() == "times",
            ["a", "per", "an", "every", "daily", "weekly"].contains(next(2) ?? "")
        {
            return true
        }
        switch word {
        case "past", "to":
            return previous().map { PhraseReader.spokenMinutes[$0] != nil } == true && dangles(1)
                || isFigure(previous()) && namedHour(1)
        case "half", "quarter":
            return next().map { $0 == "past" || $0 == "to" } == true && dangles(2)
        case "every", "each", "next", "this", "last":
            return next().map {
                periodWords.contains($0) || PartOfDay.words[$0] != nil || Words.weekdays[$0] != nil
                    || PhraseReader.ordinalWords[$0] != nil || Int($0) != nil
            } == true
        case _ where isFrequency(word):
            // `twice a week`, `3 times a day`, `3x daily`: how often, not on which days.
            return ["a", "per", "an", "every"].contains(next() ?? "") && next(2).map(periodWords.contains) == true
                || ["daily", "weekly", "monthly", "nightly", "hourly"].contains(next() ?? "")
        case "a", "per", "an":
            return previous().map(isFrequency) == true && next().map(periodWords.contains) == true
        case "till", "until":
            return next().flatMap(ClockWord.init)?.isExplicit == true
        case "end", "close":
            return next() == "of"
        case "of":
            return ["end", "close"].contains(previous() ?? "")
        case "the":
            return previous() == "of" && next().map(periodWords.contains) == true
        default:
            if periodWords.contains(word), ["a", "per", "an"].contains(previous() ?? ""), index >= 2,
                isFrequency(tokens[index - 2].word)
            {
                return true
            }
            return periodWords.contains(word)
                && ["every", "each", "next", "this", "last", "of", "the"].contains(previous() ?? "")
                && (previous() != "the" || index >= 2 && tokens[index - 2].word == "of")
        }
    }
}
