/// Times named by the day's routine, at documented times, each a rough guide the planner takes
/// as a preference: `after lunch` (13:00), `before
/// lunch` (11:30), `lunchtime` (12:30), `after work` (17:30), `before work` (08:00), `after
/// school` (15:30), `before dinner` (17:30), `after dinner` (19:30), `after breakfast` (09:00).
extension PhraseReader {
    private static let routine: [String: [String: Int]] = [
        "after": [
            "lunch": 13 * 60, "work": 17 * 60 + 30, "school": 15 * 60 + 30, "dinner": 19 * 60 + 30,
            "supper": 19 * 60 + 30, "breakfast": 9 * 60
        ],
        "before": [
            "lunch": 11 * 60 + 30, "work": 8 * 60, "school": 8 * 60, "dinner": 17 * 60 + 30, "supper": 17 * 60 + 30,
            "breakfast": 7 * 60 + 30
        ],
        "at": ["lunch": 12 * 60 + 30, "lunchtime": 12 * 60 + 30],
        "over": ["lunch": 12 * 60 + 30]
    ]

    func mealTime(at index: Int) -> Match? {
        guard let first = word(index) else { return nil }
        // `2 hrs before dinner` is another time than `before dinner`, and is left to the title
        // (`for 2 hrs before dinner` is a length and the time).
        if first == "before", offsetLengthStart(before: index) != nil { return nil }
        let (minutes, length): (Int?, Int) =
            if first == "lunchtime" {
                (12 * 60 + 30, 1)
            } else if let meal = word(index + 1) {
                (Self.routine[first]?[meal], 2)
            } else {
                (nil, 0)
            }
        // `pick up a prescription after school run`: a routine and one last word name a thing
        // (the school run), where `after work pick up the dry cleaning` is a time and a task.
        let namesAThing = continuesTitle(index + length) && !continuesTitle(index + length + 1)
        guard let minutes, !namesAThing || first == "lunchtime" else { return nil }
        let time = ClockTime(hour: minutes / 60, minute: minutes % 60)!
        let written = CaptureParser.text(of: tokens[index..<index + length])
        return Match(
            length: length, value: .time(time, minutes: nil, approximate: true),
            note: "‘\(written)’ read as about \(time)")
    }
}
