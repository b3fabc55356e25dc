/// Dates in figures: `7/12`, `7/12/2027`, `7/12/27`, `7.12.`, `7.12.2027`, day and month in
/// the order of `site.yml`'s `date_order` (ISO `2026-12-07` is read by `isoDate`).
extension PhraseReader {
    /// Phrases written like dates that are none (`24/7`); a fraction before a unit or `of` (`1/2 hour`) is left too.
    private static let notDates: Set<String> = ["24/7", "50/50"]

    func numericDate(at index: Int) -> Match? {
        guard let text = word(index) else { return nil }
        let token = tokens[index]
        guard text.first?.isNumber == true else { return nil }
        let isSlashed = text.contains { $0 == "/" }
        // `7.12.` needs its closing point, which tokenizing left in `trailing`; `7.12.2027` does not.
        let parts = text.split(separator: isSlashed ? "/" : ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            isSlashed || parts.count == 3 || token.trailing.hasPrefix("."),
            !Self.notDates.contains(text),
            !(word(index + 1).map { $0 == "of" || Words.hourUnits.contains($0) || Words.minuteUnits.contains($0) }
                ?? false)
        else { return nil }
        let first = Int(parts[0])!
        let second = Int(parts[1])!
        let (day, month) =
            !isSlashed || settings.dateOrder == .dmy ? (first, second) : (second, first)
        guard parts[0].count <= 2, parts[1].count <= 2, (1...12).contains(month), (1...31).contains(day) else {
            return nil
        }
        var year: Int
        if parts.count == 3 {
            guard let written = Int(parts[2]), parts[2].count == 2 || parts[2].count == 4 else { return nil }
            year = parts[2].count == 2 ? 2000 + written : written
        } else {
            year = (month, day) < (today.month, today.day) ? today.year + 1 : today.year
        }
        guard let date = LocalDate(year: year, month: month, day: day) else { return nil }
        return Match(length: 1, value: .date(date))
    }
}
