/// A weekday's place in every month: `the last friday of every month`, `first monday of each
/// month`, `every 2nd tuesday of the month`, `every last friday`, `monthly on the first monday`,
/// `every month on the third thursday`.
extension PhraseReader {
    private static let places: [String: Int] = [
        "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1
    ]

    func monthlyWeekday(at index: Int) -> Match? {
        var at = index
        let opening = word(at)
        // `monthly on the first monday`, `every month on the last friday`.
        if opening == "monthly" || (["every", "each"].contains(opening) && word(at + 1) == "month") {
            at += opening == "monthly" ? 1 : 2
            guard word(at) == "on" else { return nil }
            at += 1
            if word(at) == "the" { at += 1 }
            guard let day = place(at: at) else { return nil }
            return Match(length: at + 2 - index, value: .recurrence(.monthlyWeekday(day)))
        }
        // `every last friday`, `each 2nd tuesday of the month` (without `of the month`, `every
        // 2nd tuesday` is every other one: `repeat at an interval`).
        if opening == "every" || opening == "each" {
            guard let day = place(at: at + 1) else { return nil }
            at += 3
            let ofTheMonth =
                word(at) == "of" && ["the", "every", "each"].contains(word(at + 1) ?? "") && word(at + 2) == "month"
            guard ofTheMonth || day.ordinal == -1 else { return nil }
            if ofTheMonth { at += 3 }
            return Match(length: at - index, value: .recurrence(.monthlyWeekday(day)))
        }
        // `the last friday of every month`, `first monday of each month`.
        if opening == "the" { at += 1 }
        guard let day = place(at: at), word(at + 2) == "of", ["every", "each"].contains(word(at + 3) ?? ""),
            word(at + 4) == "month"
        else { return nil }
        return Match(length: at + 5 - index, value: .recurrence(.monthlyWeekday(day)))
    }

    /// An ordinal and a weekday at `index` (`last friday`, `2nd tuesday`).
    private func place(at index: Int) -> MonthlyWeekday? {
        guard let ordinal = word(index).flatMap({ Self.places[$0] }),
            let weekday = word(index + 1).flatMap({ Words.weekdays[$0] })
        else { return nil }
        return MonthlyWeekday(ordinal: ordinal, weekday: weekday)
    }
}
