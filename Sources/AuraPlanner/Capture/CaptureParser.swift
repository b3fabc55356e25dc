import Diagnostics

/// Reads capture text ("call Sam friday at 3pm 15m") into items, relative to a reference day.
///
/// The words read as date, time, duration, recurrence or category tag are removed from the
/// title; everything else is left as written. Only the first phrase of each kind is read; a
/// second one stays in the title. Day words that belong to a title are not read (see
/// `protectTitleWords`).
public struct CaptureParser: Sendable {
    let today: LocalDate
    /// The time now, when the text is read on `today` with a clock: what `in an hour` counts from.
    let now: ClockTime?
    let settings: CaptureSettings

    public init(today: LocalDate, now: ClockTime? = nil, settings: CaptureSettings = CaptureSettings()) {
        self.today = today
        self.now = now
        self.settings = settings
    }

    /// Reads one line: a task, a memo transcript (`memo:` or 🎙, possibly several items) or an
    /// idea (`idea:` or 💡). Columns in errors count from the start of `line`'s base string.
    public func parse(_ line: Substring) throws(CaptureError) -> [CapturedItem] {
        let text = line.trimmingPrefix(while: \.isWhitespace).trimmingSuffix(while: \.isWhitespace)
        let length = text.count
        guard length <= InputLimits.maximumLineLength else {
            throw CaptureError(
                column: column(of: text) + InputLimits.maximumLineLength,
                message:
                    "the line is \(length) characters long; expected at most \(InputLimits.maximumLineLength), one item per line"
            )
        }
        if let error = TextInput.controlCharacterError(in: text) {
            throw CaptureError(column: column(of: text) + error.column - 1, message: error.message)
        }
        let input = String(text)
        let (kind, body) = Self.kind(of: text)
        guard kind == .memo else {
            let item = try item(from: body, kind: kind, input: input)
            guard !item.title.isEmpty else {
                throw CaptureError(
                    column: column(of: text),
                    message: "'\(input)' names no task; expected something to do, such as 'call Sam friday'")
            }
            return [item]
        }
        var items: [CapturedItem] = []
        for piece in MemoSplitter.pieces(of: body) {
            let item = try item(from: piece, kind: .memo, input: input)
            if !item.title.isEmpty {
                items.append(item)
            } else if let last = items.indices.last {
                // "Call the bank. Tomorrow at 9." — a piece with only a when belongs to the item before it.
                if items[last].date == nil {
                    items[last].date = item.date
                    items[last].isDeadline = item.isDeadline
                }
                items[last].unread += item.unread
                items[last].time = items[last].time ?? item.time
                items[last].minutes = items[last].minutes ?? item.minutes
                items[last].recurrence = items[last].recurrence ?? item.recurrence
                items[last].partOfDay = items[last].partOfDay ?? item.partOfDay
            }
        }
        guard !items.isEmpty else {
            throw CaptureError(
                column: column(of: text), message: "the memo holds no task; expected something to do after 'memo:'")
        }
        return items
    }

    /// Reads one line of text given on its own (columns count from its start).
    public func parse(_ line: String) throws(CaptureError) -> [CapturedItem] {
        try parse(line[...])
    }

    private func column(of text: Substring) -> Int {
        text.base.distance(from: text.base.startIndex, to: text.startIndex) + 1
    }

    /// The kind a line's prefix marks, and the text after the prefix. An emoji and its word
    /// together (`🎙 memo:`, `💡 Idea:`) are one prefix: neither stays in the title.
    static func kind(of text: Substring) -> (ItemKind, Substring) {
        guard let (kind, rest) = marked(text) else { return (.task, text) }
        guard let (again, after) = marked(rest), again == kind else { return (kind, rest) }
        return (kind, after)
    }

    /// The kind the first marker of `text` names, and the text after it; nil without one.
    private static func marked(_ text: Substring) -> (ItemKind, Substring)? {
        let markers: [(ItemKind, String)] = [(.memo, "memo:"), (.memo, "🎙"), (.idea, "idea:"), (.idea, "💡")]
        for (kind, marker) in markers {
            // An emoji is compared by its scalar: a variation selector (🎙️) makes a different Character.
            let isEmoji = marker.unicodeScalars.count == 1
            if isEmoji ? text.unicodeScalars.first == marker.unicodeScalars.first : text.lowercased().hasPrefix(marker)
            {
                return (
                    kind,
                    text.dropFirst(isEmoji ? 1 : marker.count).trimmingPrefix(while: { $0.isWhitespace || $0 == ":" })
                )
            }
        }
        return nil
    }

    func item(from text: Substring, kind: ItemKind, input: String) throws(CaptureError) -> CapturedItem {
        var tokens = CaptureToken.tokenize(text)
        Self.protectTitleWords(&tokens)
        let reader = PhraseReader(tokens: tokens, today: today, now: now, settings: settings)
        let chart = CaptureChart(reader)
        let chosen = chart.best()
        var item = CapturedItem(input: input, title: "", kind: kind)
        var read = Array(repeating: false, count: tokens.count)
        var flexibleTime = false
        for span in chosen {
            if case .fromNow = span.match.value, now == nil {
                item.unread.append(
                    UnreadPhrase(
                        column: tokens[span.start].column, text: Self.text(of: tokens[span.start..<span.end]),
                        note: "counts from now, but a date was given and no time now (--now HH:MM); no time was set"))
            }
            try apply(span.match, at: span.start, of: reader, to: &item, flexibleTime: &flexibleTime)
            for covered in span.start..<span.end {
                read[covered] = true
                if tokens[covered].isRespelled {
                    item.choices.append(
                        ReadChoice(
                            column: tokens[covered].column,
                            note: "‘\(tokens[covered].raw)’ read as ‘\(tokens[covered].word)’"))
                }
            }
        }
        let inTitle = chosen.filter(\.match.keepsTitle).flatMap { $0.start..<$0.end }
        var consumed = read
        for kept in inTitle { consumed[kept] = false }
        item.title = Self.title(
            tokens, consumed: consumed, phraseEnds: Set(chosen.filter { !$0.match.keepsTitle }.map { $0.end - 1 }))
        // `tonight at half 8`, `dinner at 7`: an hour without am or pm in the evening, or for an
        // evening out, is after noon.
        if flexibleTime, let time = item.time, time.minutes < 12 * 60,
            item.partOfDay?.meansAfterNoon == true
                || (item.partOfDay == nil && time.minutes >= 5 * 60 && Self.isEveningOut(item.title))
        {
            item.time = ClockTime(hour: time.minutes / 60 + 12, minute: time.minutes % 60)
        }
        // `at 3 in the morning`: the morning takes back an hour the afternoon rule moved (3 is 15:00).
        if flexibleTime, let time = item.time, item.partOfDay == .morning, (13 * 60..<19 * 60).contains(time.minutes) {
            item.time = ClockTime(hour: time.minutes / 60 - 12, minute: time.minutes % 60)
        }
        if case .interval(let interval) = item.recurrence, let date = item.date, date != interval.start {
            item.recurrence = RepeatInterval(count: interval.count, unit: interval.unit, start: date).map(
                Recurrence.interval)
        }
        // `before 3pm`: a deadline with a time and no day is due today; with a repeat
        // (`every friday by 5`), on each day it repeats.
        if item.isDeadline, item.date == nil, item.recurrence == nil { item.date = today }
        var reported = read
        for (start, error) in chart.impossible(outside: chosen) {
            let end = Self.impossiblePhraseEnd(tokens, read: read, start: start, column: error.column)
            item.unread.append(
                UnreadPhrase(
                    column: tokens[start].column, text: Self.text(of: tokens[start..<end]),
                    note: Self.impossibleNote(error.message)))
            for index in start..<end { reported[index] = true }
        }
        item.unread += UnreadWords.phrases(of: reader, consumed: reported)
        item.unread.sort { $0.column < $1.column }
        return item
    }

    /// Where an impossible when that a rule began at `start` ends: after the word the error
    /// names and the figures or unit right after it (`feb 30 2027`, `on the 32nd`, `30 hours`,
    /// `every 500 days`), short of any word read as another when.
    private static func impossiblePhraseEnd(_ tokens: [CaptureToken], read: [Bool], start: Int, column: Int) -> Int {
        let named = tokens.firstIndex { $0.column == column } ?? start
        var end = start + 1
        while end < tokens.count, !read[end],
            end <= named || tokens[end].word.first?.isNumber == true || impossiblePhraseUnits.contains(tokens[end].word)
        {
            end += 1
        }
        return end
    }

    private static let impossiblePhraseUnits = CaptureVocabulary.hourUnits.union(CaptureVocabulary.minuteUnits)
        .union(["day", "days", "week", "weeks", "month", "months", "year", "years"])

    /// Why an impossible when stays in the title, without the quote of it that starts most
    /// reasons (`'25:00' is not a time of day` reads `'at 25:00' is not a time of day`).
    private static func impossibleNote(_ reason: String) -> String {
        if reason.hasPrefix("'"), let close = reason.dropFirst().range(of: "' ") {
            return "\(reason[close.upperBound...]); it stays in the title"
        }
        return "was not read: \(reason); it stays in the title"
    }

    /// Outings and meals that happen in the evening: `dinner at 7` is at 19:00.
    private static let eveningWords: Set<String> = [
        "dinner", "supper", "drinks", "pub", "party", "movie", "movies", "film", "cinema", "concert", "gig", "theatre",
        "theater", "quiz", "bar", "karaoke", "restaurant", "takeaway", "pizza", "fireworks", "night", "show"
    ]

    static func isEveningOut(_ title: String) -> Bool {
        let words = title.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        // `book a table for 4 at 8`: a table booked is for a meal out.
        let tableBooked = words.contains("table") && words.contains { ["book", "reserve", "booking"].contains($0) }
        return tableBooked || words.contains { eveningWords.contains($0) }
    }

    static func text(of tokens: ArraySlice<CaptureToken>) -> String {
        tokens.map { String($0.raw) }.joined(separator: " ")
    }

    /// Sets the fields a chosen reading names. A length written with a clock range gives way
    /// to one written on its own; a part of the day written with a repeat, to one on its own.
    private func apply(
        _ match: PhraseReader.Match, at index: Int, of reader: PhraseReader, to item: inout CapturedItem,
        flexibleTime: inout Bool
    ) throws(CaptureError) {
        switch match.value {
        case .recurrence(let recurrence, let part):
            item.recurrence = recurrence
            item.partOfDay = item.partOfDay ?? part
        case .date(let date): item.date = date
        case .moment(let date, let time):
            item.date = date
            item.time = time
            item.timeIsApproximate = false
        case .time(let time, let minutes, let flexible, let approximate):
            item.time = time
            item.timeIsApproximate = approximate
            flexibleTime = flexible
            if item.minutes == nil { item.minutes = minutes }
        case .dueTime(let time):
            item.time = time
            item.timeIsApproximate = false
            item.isDeadline = true
        case .fromNow(let minutes):
            guard let now else { break }
            let total = now.minutes + minutes
            if item.date == nil { item.date = today.adding(days: total / (24 * 60)) }
            item.time = ClockTime(hour: total % (24 * 60) / 60, minute: total % 60)
            item.timeIsApproximate = false
        case .partOfDay(let part, let date):
            item.partOfDay = part
            if let date { item.date = date }
        case .deadline(let date):
            item.date = date
            item.isDeadline = true
        case .duration(let minutes): item.minutes = minutes
        case .durationRange(let shortest, let longest):
            item.minutes = longest
            item.shortestMinutes = shortest
        case .tag(let category): item.categoryTag = category
        }
        if let note = match.note { item.choices.append(ReadChoice(column: reader.tokens[index].column, note: note)) }
        // `tomorrow` on 9999-12-31: dates end where the store's four-digit years do.
        if let date = item.date, date.year > LocalDate.latestYear {
            throw reader.error(
                index,
                "'\(reader.tokens[index].word) …' lands after \(LocalDate.latestYear)-12-31, the last date Aura keeps")
        }
    }

    /// The rule for words that merely look like dates. A day word (weekday, month, `today`,
    /// `tomorrow`, `tonight`) stays in the title when
    /// 1. it is inside quotes (which protect any phrase);
    /// 2. it follows an article or possessive (`the friday demo`, `my Sunday column`);
    /// 3. it is Capitalized and the next word is a Capitalized non-date word, making it part of
    ///    a name (`Friday Night Lights`, `The Sunday Times`);
    /// 4. it is inside a Capitalized run right after a media verb such as `read` or `watch`,
    ///    which names a work (`read Tomorrow and Tomorrow and Tomorrow`, `watch His Girl Friday`).
    /// Written in lower case (`read the report friday`) it is read as a date.
    static func protectTitleWords(_ tokens: inout [CaptureToken]) {
        typealias Words = CaptureVocabulary
        for index in tokens.indices where Words.isDateWord(tokens[index].word) {
            let afterDeterminer = index > 0 && Words.determiners.contains(tokens[index - 1].word)
            let inName =
                tokens[index].isCapitalized && index + 1 < tokens.count && tokens[index + 1].isCapitalized
                && !Words.isDateWord(tokens[index + 1].word) && !(tokens[index + 1].word.first?.isNumber ?? false)
                && ClockWord.meridiem(tokens[index + 1].word) == nil
            // `the tuesday after next` is a day.
            let afterNext =
                index + 2 < tokens.count && tokens[index + 1].word == "after" && tokens[index + 2].word == "next"
            if (afterDeterminer && !afterNext) || inName { tokens[index].isProtected = true }
        }
        // A run already protected holds any run a verb inside it would start, so scanning
        // resumes after it: `read Read Read …` stays linear.
        var scanned = 0
        for verb in tokens.indices
        where verb >= scanned
            && (Words.mediaVerbs.contains(tokens[verb].word)
                || (tokens[verb].word == "listen" && verb + 1 < tokens.count && tokens[verb + 1].word == "to"))
        {
            let start = tokens[verb].word == "listen" ? verb + 2 : verb + 1
            var cursor = start
            var lastCapitalized: Int?
            while cursor < tokens.count {
                // `watch Strictly on Saturday`: a day after a preposition ends the work's name.
                if cursor > start, Words.isDateWord(tokens[cursor].word),
                    Words.datePrepositions.contains(tokens[cursor - 1].word) || tokens[cursor - 1].word == "at"
                {
                    break
                }
                if tokens[cursor].isCapitalized {
                    lastCapitalized = cursor
                } else if !Words.titleJoiners.contains(tokens[cursor].word) || lastCapitalized == nil {
                    break
                }
                cursor += 1
            }
            if let last = lastCapitalized {
                for index in start...last { tokens[index].isProtected = true }
                scanned = last + 1
            }
        }
    }

    /// The kept words joined by single spaces. A comma, semicolon, `!` or `?` after a removed
    /// phrase (`friday,`) stays with the word before it; a full stop goes with the phrase
    /// (`4 p.m.`), and punctuation left dangling at the end is dropped.
    static func title(_ tokens: [CaptureToken], consumed: [Bool], phraseEnds: Set<Int>) -> String {
        var words: [String] = []
        for (index, token) in tokens.enumerated() {
            if !consumed[index] {
                words.append(String(token.raw))
            } else if phraseEnds.contains(index), !words.isEmpty {
                let kept = token.trailing.filter { ",;!?".contains($0) }
                if !kept.isEmpty, words[words.count - 1].last != kept.last { words[words.count - 1] += kept }
            }
        }
        // `Tues 8th - dentist`, `Sat 12/12: party`: what joined the when to the title goes with it.
        while let first = words.first, first.allSatisfy({ "-–—:|>".contains($0) }) { words.removeFirst() }
        return String(words.joined(separator: " ")[...].trimmingSuffix { ",;:-–—".contains($0) || $0.isWhitespace })
    }
}

extension CaptureParser {
    /// The minutes in a text that is one duration and nothing else (`15m`, `1.5 hours`), or nil.
    public static func duration(_ text: String) -> Int? {
        let tokens = CaptureToken.tokenize(text[...])
        guard
            let match = try? PhraseReader(
                tokens: tokens, today: LocalDate(year: 2000, month: 1, day: 1)!, now: nil, settings: CaptureSettings()
            ).duration(
                at: 0),
            match.length == tokens.count, case .duration(let minutes) = match.value
        else { return nil }
        return minutes
    }

    /// The day in a text that is a date and nothing else: `2026-12-04`, or words capture reads
    /// as one day (`friday`, `tomorrow`, `dec 10`), counted from `today`; nil otherwise.
    public func day(_ text: String) -> LocalDate? {
        if let date = LocalDate(iso: text) { return date }
        let marker = "zzday"
        guard let items = try? parse("\(marker) \(text)"), items.count == 1, items[0].title == marker,
            items[0].time == nil, items[0].recurrence == nil, items[0].partOfDay == nil, !items[0].isDeadline
        else { return nil }
        return items[0].date
    }
}
