/// The words capture reads, kept in one place so the parser and the title rules agree.
enum CaptureVocabulary {
    static let weekdays: [String: Weekday] = {
        var names: [String: Weekday] = [:]
        let spellings: [(Weekday, [String])] = [
            (.monday, ["monday", "mon", "monady", "mondy"]),
            (.tuesday, ["tuesday", "tue", "tues", "tuseday", "teusday", "tuesdy"]),
            (.wednesday, ["wednesday", "wed", "weds", "wensday", "wendsday", "wednsday", "wedensday", "wednesdy"]),
            (.thursday, ["thursday", "thu", "thur", "thurs", "thrusday", "thurday", "thursdy"]),
            (.friday, ["friday", "fri", "firday", "fridy"]), (.saturday, ["saturday", "sat", "saterday", "satuday"]),
            (.sunday, ["sunday", "sun", "sundy"])
        ]
        for (day, words) in spellings {
            for word in words { names[word] = day }
        }
        return names
    }()

    /// Weekday abbreviations that are also English words: days only after a preposition
    /// (`on sat`) or with `next`, `this` or `every`.
    static let ambiguousWeekdays: Set<String> = ["sat", "sun", "wed"]

    static let months: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, name) in LocalDate.monthNames.map({ $0.lowercased() }).enumerated() {
            table[name] = index + 1
            table[String(name.prefix(3))] = index + 1
        }
        table["sept"] = 9
        return table
    }()

    static let relativeDays: [String: Int] = [
        "today": 0, "tonight": 0, "tonite": 0, "2nite": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tmw": 1, "tomoz": 1,
        "tomorow": 1, "tommorow": 1, "tommorrow": 1, "2moro": 1, "2morrow": 1
    ]

    /// Words after which a day is the task's subject, kept in its title: `email Bo about sunday`.
    static let subjectMarkers: Set<String> = ["about", "abt", "regarding", "re", "re:", "concerning"]

    /// The year `word` writes in four digits (`2027`), if it is one.
    static func year(_ word: String) -> Int? {
        guard word.utf8.count == 4, word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(word)
    }

    /// Whether the word at `index` comes right after `about` or the like, or after it and
    /// `next`, `this`, `the` (`about next sunday`, `re the friday demo`).
    static func followsSubjectMarker(_ index: Int, in tokens: [CaptureToken]) -> Bool {
        var before = index - 1
        while before >= 0, ["next", "this", "last", "the", "coming"].contains(tokens[before].word) { before -= 1 }
        return before >= 0 && subjectMarkers.contains(tokens[before].word)
    }

    /// Text-speak and short spellings of when-words, read as the word they stand for (the title
    /// keeps what was written): `nxt week`, `hike wkend`, `gym 2day`.
    static let spellings: [String: String] = [
        "nxt": "next", "wk": "week", "wks": "weeks", "wkend": "weekend", "wknd": "weekend", "wkends": "weekends",
        "2day": "today", "tdy": "today", "tmoro": "tomorrow", "tmorro": "tomorrow", "2mrw": "tomorrow",
        "tmrrw": "tomorrow", "tmrow": "tomorrow", "tmorow": "tomorrow", "2morow": "tomorrow",
        "morn": "morning", "nite": "night", "mornin": "morning", "aft": "afternoon", "arvo": "afternoon",
        "b4": "before", "evry": "every", "mth": "month", "mths": "months", "til": "till", "wrk": "work"
    ]

    /// Full weekday names and `tomorrow` with one letter wrong, missing or added, or two letters
    /// swapped (`tusday`, `wendesday`, `tomorrw`), and a weekday's short form with `day` after it
    /// (`satday`, `thuday`): six letters or more, not a plural, not one
    /// close to two days, and not a word of its own (`sundae`, `sundry`). Each is read as the
    /// word it misses, and the page notes it.
    static let misspellings: [String: String] = {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let words = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "tomorrow"]
        let ownWords: Set<String> = ["sundae", "sundry", "sunray", "munday", "sonday"]
        var table: [String: String] = [:]
        var close: [String: Int] = [:]
        for right in words {
            let chars = right.map(String.init)
            var variants: Set<String> = []
            for at in chars.indices {
                variants.insert((chars[..<at] + chars[(at + 1)...]).joined())
                for letter in letters { variants.insert((chars[..<at] + [letter] + chars[(at + 1)...]).joined()) }
                if at + 1 < chars.count {
                    variants.insert((chars[..<at] + [chars[at + 1], chars[at]] + chars[(at + 2)...]).joined())
                }
            }
            for at in 0...chars.count {
                for letter in letters { variants.insert((chars[..<at] + [letter] + chars[at...]).joined()) }
            }
            // `satday`, `thuday`: a weekday's three-letter short form with `day` after it.
            if right.hasSuffix("day") { variants.insert(String(right.prefix(3)) + "day") }
            for variant in variants where variant != right && variant.count >= 6 && variant != right + "s" {
                table[variant] = right
                close[variant, default: 0] += 1
            }
        }
        return table.filter { variant, _ in
            close[variant] == 1 && !ownWords.contains(variant) && weekdays[variant] == nil
                && relativeDays[variant] == nil
        }
    }()

    /// Words that start a date phrase and are consumed with it (`on friday`, `due dec 10`).
    static let datePrepositions: Set<String> = [
        "on", "by", "due", "before", "until", "till", "for", "sometime", "over", "around"
    ]
    static let timePrepositions: Set<String> = ["at", "@", "around", "by", "from", "between", "btwn"]
    static let durationPrepositions: Set<String> = [
        "for", "~", "about", "approx", "approximately", "roughly", "around", "allow", "takes", "ca", "circa", "during"
    ]

    static let numberWords: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
        "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90
    ]

    static let minuteUnits: Set<String> = ["m", "min", "mins", "minute", "minutes"]
    static let hourUnits: Set<String> = ["h", "hr", "hrs", "hour", "hours"]

    /// Words that name a day: the candidates for the title rules.
    static func isDateWord(_ word: String) -> Bool {
        weekdays[word] != nil || weekdays[String(word.dropLast())] != nil || months[word] != nil
            || relativeDays[word] != nil || dayAndMonthInOneWord(word) != nil
    }

    /// The month, day and year of a word that writes them without spaces: figures then a month
    /// (`14april`, `15sep`), a month then figures (`feb13`), or joined by hyphens (`10-august`,
    /// `10-dec-2027`).
    static func dayAndMonthInOneWord(_ word: String) -> (month: Int, day: Int, year: Int?)? {
        func isFigure(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        // Most words neither start nor end with a figure: they are answered at once.
        guard let first = word.first, let last = word.last, isFigure(first) || isFigure(last) else { return nil }
        func day(_ text: Substring) -> Int? {
            guard (1...2).contains(text.count), text.allSatisfy(isFigure), let day = Int(text), (1...31).contains(day)
            else { return nil }
            return day
        }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count > 1 {
            guard parts.count <= 3, let day = day(parts[0]), let month = months[String(parts[1])] else { return nil }
            if parts.count == 2 { return (month, day, nil) }
            return Self.year(String(parts[2])).map { (month, day, $0) }
        }
        guard isFigure(first) != isFigure(last),
            let split = isFigure(first) ? word.firstIndex(where: { !isFigure($0) }) : word.firstIndex(where: isFigure)
        else { return nil }
        let (figures, name) = isFigure(first) ? (word[..<split], word[split...]) : (word[split...], word[..<split])
        guard let month = months[String(name)], let day = day(figures) else { return nil }
        return (month, day, nil)
    }

    /// Verbs after which a Capitalized run names a work (`read Tomorrow and Tomorrow and Tomorrow`).
    static let mediaVerbs: Set<String> = [
        "read", "reread", "re-read", "watch", "rewatch", "re-watch", "stream", "binge"
    ]

    /// Lowercase words allowed inside a Capitalized title (`Tomorrow and Tomorrow`, `Girl of the Year`).
    static let titleJoiners: Set<String> = [
        "and", "of", "the", "a", "an", "in", "on", "with", "to", "for", "at", "&", "or", "de", "la"
    ]

    /// Words after which a day name is part of a noun phrase (`the friday demo`, `my Sunday column`).
    static let determiners: Set<String> = ["the", "a", "an", "my", "our", "your", "his", "her", "their", "its"]
}
