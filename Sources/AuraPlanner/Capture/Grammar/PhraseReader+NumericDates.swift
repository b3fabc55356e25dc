/// Dates in figures: `7/12`, `7/12/2027`, `7/12/27`, `7.12.`, `7.12.2027`, day and month in
/// the order of `site.yml`'s `date_order` (ISO `2026-12-07` is read by `isoDate`).
extension PhraseReader {
    /// Phrases written like dates that are none (`24/7`); a fraction before a unit or `of` (`1/2 hour`) is left too.
    private static let notDates: Set<String> = ["24/7", "50/50"]

    func numericDate(at index: Int) -> Match? {
        guard let text = word(index) else { return nil }
        let token = tokens[index]
        guard text.first?.isNumber == true else { return nil }
        let separator: Character = text.contains { $0 == "/" } ? "/" : text.contains { $0 == "-" } ? "-" : "."
        let isSlashed = separator == "/"
        // `7.12.` needs its closing point, which tokenizing left in `trailing`, or a time after it
        // (`18.12 @ 10`); `7.12.2027` and `19-12-2026` need neither (`2-4` is a range).
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        let timeFollows = word(index + 1).map { ["at", "@"].contains($0) || ClockWord($0)?.isExplicit == true } ?? false
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            separator != "-" || (parts.count == 3 && parts[2].count == 4),
            isSlashed || parts.count == 3 || token.trailing.hasPrefix(".") || timeFollows,
            !Self.notDates.contains(text),
            !(word(index + 1).map { $0 == "of" || Words.hourUnits.contains($0) || Words.minuteUnits.contains($0) }
                ?? false)
        else { return nil }
        let first = Int(parts[0])!
        let second = Int(parts[1])!
        // `take 1/2 pill`, `add 3/4 cup`: a fraction before what it measures, unless a
        // preposition says it is a day (`on 3/4 buy milk`).
        if isSlashed, parts.count == 2, first < second, second <= 8, let next = word(index + 1),
            !(index > 0 && Words.datePrepositions.contains(tokens[index - 1].word)),
            !isWhenWord(next), !Words.timePrepositions.contains(next), ClockWord(next) == nil,
            !["-", "–", "to", "and", "for", "until", "till"].contains(next)
        {
            return nil
        }
        var (day, month) = !isSlashed || settings.dateOrder == .dmy ? (first, second) : (second, first)
        // `12/19` can only be December 19, whatever the order.
        if month > 12, day <= 12 { (day, month) = (month, day) }
        guard parts[0].count <= 2, parts[1].count <= 2, (1...12).contains(month), (1...31).contains(day) else {
            return nil
        }
        var year: Int
        if parts.count == 3 {
            guard let written = Int(parts[2]), parts[2].count == 2 || parts[2].count == 4 else { return nil }
            year = parts[2].count == 2 ? 2000 + written : written
            // `11/22/63` names a book, not a day 37 years on: two figures are a year of this decade.
            if parts[2].count == 2, !(today.year...today.year + 10).contains(year) { return nil }
        } else {
            year = (month, day) < (today.month, today.day) ? today.year + 1 : today.year
        }
        guard let date = LocalDate(year: year, month: month, day: day) else { return nil }
        return Match(length: 1, value: .date(date))
    }
}
