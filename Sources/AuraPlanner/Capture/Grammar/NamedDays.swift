/// The regions whose named days capture knows; `site.yml`'s `locale:` picks one.
public enum HolidayRegion: String, Sendable, CaseIterable { case us, gb, de }

/// Public holidays and other named days (`christmas`, `easter monday`, `thanksgiving`, `tag der deutschen einheit`).
///
/// A region knows the names in `everywhere` and in its own table; where both have a name, its own wins.
/// A name in a table is a pattern of words: `christmas|xmas` is either word, and a word ending in `?`
/// may be left out (`day?`). Words are compared folded (see `fold`), so `new year's eve` in a table
/// also reads `new years eve` and `new year’s eve`, and `dreikönigstag` also reads `dreikoenigstag`.
struct NamedDays: Sendable {
    let region: HolidayRegion

    /// The named day whose name is the longest prefix of `words` (lowercased words, trailing punctuation
    /// already removed, apostrophes kept as typed: "new", "year's", "eve"), and the number of words it covers;
    /// its date is the next one on or after `today` (this year's if not past, else next year's). Nil when
    /// `words` does not start with a name, when `today` is outside years 1–9999, or when the next date
    /// would be past 9999-12-31.
    func match(_ words: ArraySlice<String>, onOrAfter today: LocalDate) -> (length: Int, date: LocalDate)? {
        guard (1...9999).contains(today.year) else { return nil }
        let table =
            switch region {
            case .us: Self.us
            case .gb: Self.gb
            case .de: Self.de
            }
        // Most words begin no name: looked up first, the rest are not folded.
        guard let first = words.first,
            Self.firstWords.contains(first)
                || (first.contains { !$0.isASCII || $0 == "." || $0 == "'" }
                    && Self.firstWords.contains(Self.fold(first)))
        else { return nil }
        let folded = words.prefix(Self.longestName).map(Self.fold)
        for length in stride(from: folded.count, to: 0, by: -1) {
            guard let rule = table[folded.prefix(length).joined(separator: " ")] else { continue }
            return rule.next(onOrAfter: today).map { (length, $0) }
        }
        return nil
    }

    /// Easter Sunday of `year` (Gregorian computus, anonymous algorithm / Meeus–Jones–Butcher).
    ///
    /// Proleptic before 1583. Division is floored, so any year, even a negative one, gets a valid
    /// date in March or April (never a trap).
    static func easter(_ year: Int) -> LocalDate {
        func div(_ n: Int, _ d: Int) -> Int { n % d < 0 ? n / d - 1 : n / d }
        func mod(_ n: Int, _ d: Int) -> Int { n % d < 0 ? n % d + d : n % d }
        let a = mod(year, 19)
        let b = div(year, 100)
        let c = mod(year, 100)
        let d = div(b, 4)
        let e = mod(b, 4)
        let f = div(b + 8, 25)
        let g = div(b - f + 1, 3)
        let h = mod(19 * a + b - d - g + 15, 30)
        let i = div(c, 4)
        let k = mod(c, 4)
        let l = mod(32 + 2 * e + 2 * i - h - k, 7)
        let m = div(a + 11 * h + 22 * l, 451)
        let n = h + l - 7 * m + 114
        return LocalDate(year: year, month: n / 31, day: n % 31 + 1)!
    }

    // MARK: - Rules

    /// When a named day falls.
    private enum Rule: Sendable {
        /// The same date every year.
        case fixed(month: Int, day: Int)
        /// Days after Easter Sunday (before it when negative).
        case easter(Int)
        /// The `nth` `weekday` of `month` (the last one when `nth` is −1), then `plus` days on (Black Friday).
        case weekday(nth: Int, Weekday, month: Int, plus: Int = 0)
        /// Whichever of these days comes next (`bank holiday`).
        case any([Rule])

        /// The first of its dates on or after `today`, looking in `today`'s year and the next; nil past 9999.
        func next(onOrAfter today: LocalDate) -> LocalDate? {
            for year in [today.year, today.year + 1] where year <= 9999 {
                if let date = dates(in: year).filter({ $0 >= today }).min() { return date }
            }
            return nil
        }

        private func dates(in year: Int) -> [LocalDate] {
            switch self {
            case .fixed(let month, let day):
                return LocalDate(year: year, month: month, day: day).map { [$0] } ?? []
            case .easter(let offset):
                return [NamedDays.easter(year).adding(days: offset)]
            case .weekday(let nth, let weekday, let month, let plus):
                // From the month's first (or last) day to the first (or last) `weekday`, then whole weeks on.
                let edge = nth > 0 ? 1 : LocalDate.daysIn(month: month, year: year)
                let edgeWeekday = LocalDate(year: year, month: month, day: edge)!.weekday.rawValue
                let day =
                    nth > 0
                    ? edge + (weekday.rawValue - edgeWeekday + 7) % 7 + (nth - 1) * 7
                    : edge - (edgeWeekday - weekday.rawValue + 7) % 7
                return [LocalDate(year: year, month: month, day: day)!.adding(days: plus)]
            case .any(let rules):
                return rules.flatMap { $0.dates(in: year) }
            }
        }
    }

    // MARK: - Tables

    /// Names known in every region.
    private static let everywhere: [([String], Rule)] = [
        (["christmas|xmas day?"], .fixed(month: 12, day: 25)),
        (["christmas|xmas eve"], .fixed(month: 12, day: 24)),
        (["boxing day"], .fixed(month: 12, day: 26)),
        (["canada day"], .fixed(month: 7, day: 1)),
        (["australia day"], .fixed(month: 1, day: 26)),
        (["anzac day"], .fixed(month: 4, day: 25)),
        (["waitangi day"], .fixed(month: 2, day: 6)),
        (["hogmanay"], .fixed(month: 12, day: 31)),
        (["new year's day?", "new year"], .fixed(month: 1, day: 1)),
        (["new year's eve", "nye"], .fixed(month: 12, day: 31)),
        (["valentine's day?", "valentines day?", "valentine day"], .fixed(month: 2, day: 14)),
        (["st|saint patrick's day?", "st|saint paddy's day?"], .fixed(month: 3, day: 17)),
        (["independence day", "4th|fourth of july"], .fixed(month: 7, day: 4)),
        (["halloween"], .fixed(month: 10, day: 31)),
        (["palm sunday"], .easter(-7)),
        (["good friday"], .easter(-2)),
        (["holy|easter saturday"], .easter(-1)),
        (["easter sunday?"], .easter(0)),
        (["easter monday", "easter mon"], .easter(1)),
        (["shrove tuesday", "pancake day", "mardi gras"], .easter(-47)),
        (["ash wednesday"], .easter(-46)),
        (["ascension day"], .easter(39)),
        (["whit sunday", "whitsunday", "whitsun", "pentecost"], .easter(49)),
        (["whit monday", "whitmonday"], .easter(50)),
        (["thanksgiving day?"], .weekday(nth: 4, .thursday, month: 11)),
        (["black friday"], .weekday(nth: 4, .thursday, month: 11, plus: 1))
    ]

    private static let us = table(
        everywhere,
        [
            (["mlk jr? day", "martin luther king|kings jr? day"], .weekday(nth: 3, .monday, month: 1)),
            (["presidents' day", "washington's birthday"], .weekday(nth: 3, .monday, month: 2)),
            (["mother's day"], .weekday(nth: 2, .sunday, month: 5)),
            (["memorial day"], .weekday(nth: -1, .monday, month: 5)),
            (["father's day"], .weekday(nth: 3, .sunday, month: 6)),
            (["juneteenth"], .fixed(month: 6, day: 19)),
            (["labor|labour day"], .weekday(nth: 1, .monday, month: 9)),
            (["columbus day", "indigenous peoples' day"], .weekday(nth: 2, .monday, month: 10)),
            (["veterans' day"], .fixed(month: 11, day: 11))
        ])

    /// England & Wales bank holidays on their plain dates (substitute days ignored).
    private static let bankHolidays: [Rule] = [
        .fixed(month: 1, day: 1), .easter(-2), .easter(1), .weekday(nth: 1, .monday, month: 5),
        .weekday(nth: -1, .monday, month: 5), .weekday(nth: -1, .monday, month: 8),
        .fixed(month: 12, day: 25), .fixed(month: 12, day: 26)
    ]

    private static let gb = table(
        everywhere,
        [
            (["bank holiday"], .any(bankHolidays)),
            (["burns night"], .fixed(month: 1, day: 25)),
            (["mothering sunday", "mother's day"], .easter(-21)),
            (["st|saint george's day"], .fixed(month: 4, day: 23)),
            (["labour|labor day"], .fixed(month: 5, day: 1)),
            (["early may bank holiday", "may bank holiday", "may day"], .weekday(nth: 1, .monday, month: 5)),
            (["spring bank holiday"], .weekday(nth: -1, .monday, month: 5)),
            (["father's day"], .weekday(nth: 3, .sunday, month: 6)),
            (["summer|august bank holiday"], .weekday(nth: -1, .monday, month: 8)),
            (["bonfire night", "guy fawkes night|day"], .fixed(month: 11, day: 5)),
            (["remembrance sunday"], .weekday(nth: 2, .sunday, month: 11)),
            (["st|saint andrew's day"], .fixed(month: 11, day: 30))
        ])

    private static let de = table(
        everywhere,
        [
            (["neujahr", "neujahrstag"], .fixed(month: 1, day: 1)),
            (["heilige drei könige", "dreikönigstag", "epiphany", "three kings' day"], .fixed(month: 1, day: 6)),
            (["karfreitag"], .easter(-2)),
            (["ostersonntag", "ostern"], .easter(0)),
            (["ostermontag"], .easter(1)),
            (["tag der arbeit", "erster mai", "maifeiertag", "labour|labor day", "may day"], .fixed(month: 5, day: 1)),
            (["christi? himmelfahrt", "vatertag", "father's day"], .easter(39)),
            (["muttertag", "mother's day"], .weekday(nth: 2, .sunday, month: 5)),
            (["pfingstsonntag", "pfingsten"], .easter(49)),
            (["pfingstmontag"], .easter(50)),
            (["fronleichnam", "corpus christi"], .easter(60)),
            (["tag der deutschen einheit", "german unity day", "day of german unity"], .fixed(month: 10, day: 3)),
            (["reformationstag", "reformation day"], .fixed(month: 10, day: 31)),
            (["allerheiligen", "all saints' day"], .fixed(month: 11, day: 1)),
            (["nikolaus", "nikolaustag", "st|saint nicholas' day"], .fixed(month: 12, day: 6)),
            (["heiligabend", "heiliger abend"], .fixed(month: 12, day: 24)),
            (["erster weihnachtsfeiertag|weihnachtstag", "weihnachten"], .fixed(month: 12, day: 25)),
            (
                ["zweiter weihnachtsfeiertag|weihnachtstag", "stephanstag", "st|saint stephen's day"],
                .fixed(month: 12, day: 26)
            ),
            (["silvester"], .fixed(month: 12, day: 31))
        ])

    /// The first word of every name.
    private static let firstWords = Set([us, gb, de].flatMap(\.keys).map { String($0.prefix { $0 != " " }) })

    /// The most words any name has.
    private static let longestName = [us, gb, de].flatMap(\.keys).map { $0.split(separator: " ").count }.max() ?? 0

    /// Folded name → rule, from `lists` in order, so a later list's name replaces an earlier one's.
    private static func table(_ lists: [([String], Rule)]...) -> [String: Rule] {
        var table: [String: Rule] = [:]
        for (patterns, rule) in lists.joined() {
            for pattern in patterns {
                // Each word's spellings, with "" for a word that may be left out.
                var names = [""]
                for word in pattern.split(separator: " ") {
                    let spellings = (word.hasSuffix("?") ? word.dropLast() : word).split(separator: "|").map(fold)
                    let choices = word.hasSuffix("?") ? spellings + [""] : spellings
                    names = names.flatMap { name in
                        choices.map { name.isEmpty || $0.isEmpty ? name + $0 : name + " " + $0 }
                    }
                }
                for name in names { table[name] = rule }
            }
        }
        return table
    }

    /// A word as tables compare it: lower case, without apostrophes or full stops, umlauts and ß spelt out.
    private static func fold(_ word: some StringProtocol) -> String {
        var folded = ""
        for character in word.lowercased() {
            switch character {
            case "'", "’", "‘", ".": continue
            case "ä": folded += "ae"
            case "ö": folded += "oe"
            case "ü": folded += "ue"
            case "ß": folded += "ss"
            default: folded.append(character)
            }
        }
        return folded
    }
}
