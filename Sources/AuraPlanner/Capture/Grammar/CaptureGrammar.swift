/// One rule of the capture grammar: its name, phrases it reads whole (each is a test), and the
/// reader that recognises it at a word of the line.
struct CaptureRule: Sendable {
    let name: String
    let examples: [String]
    let read: @Sendable (PhraseReader, Int) throws(CaptureError) -> PhraseReader.Match?
}

/// The rules capture reads a line with, in the order that breaks ties between readings of the
/// same words (`CaptureChart.Span.score`). A rule reads a typed value (a day, a clock time, a
/// length, a repeat, a deadline) and may compose others (`friday week` is a weekday and an
/// offset; `first thing friday` a part of the day and a day).
enum CaptureGrammar {
    static let rules: [CaptureRule] = [
        CaptureRule(
            name: "time from now", examples: ["in an hour", "in 20 minutes", "20 minutes from now", "in half an hour"]
        ) { reader, index throws(CaptureError) in try reader.fromNow(at: index) },
        CaptureRule(
            name: "repeat at an interval",
            examples: [
                "fortnightly", "every other thursday", "every 3 weeks", "every third day", "quarterly",
                "every other weds night"
            ]
        ) { reader, index throws(CaptureError) in try reader.withPartAfter(reader.interval(at: index), at: index) },
        CaptureRule(
            name: "repeat on days",
            examples: [
                "every monday", "daily", "weekdays", "every mon and thu", "on tuesdays", "every weekday morning",
                "mon wed fri evenings", "tuesday evenings"
            ]
        ) { reader, index in reader.recurrence(at: index) },
        CaptureRule(
            name: "deadline",
            examples: [
                "by eod", "by close of business", "by end of next week", "eow", "before the end of the month",
                "by friday", "due eod thursday", "no later than monday", "asap", "before 3pm", "by 5pm"
            ]
        ) { reader, index throws(CaptureError) in try reader.deadline(at: index) },
        CaptureRule(
            name: "day it is for",
            examples: ["for easter", "for tuesday's", "for friday at 8", "for next week", "for the 28th", "for 21/12"]
        ) { reader, index throws(CaptureError) in try reader.purpose(at: index) },
        CaptureRule(
            name: "part of the day",
            examples: [
                "this evening", "tonight", "monday morning", "first thing friday", "in the morning", "at night",
                "sat am",
                "sun pm"
            ]
        ) { reader, index throws(CaptureError) in try reader.partOfDay(at: index) },
        CaptureRule(
            name: "day",
            examples: [
                "friday", "on fri", "tomorrow", "tmw", "next tuesday", "next wk", "this weekend", "dec 10",
                "5th of january", "2026-12-24", "in 3 days", "in a fortnight", "two weeks from monday",
                "in 6 months and 2 weeks", "+2 months, 5 days", "in a week's time", "in 3wks", "3w later",
                "2027 march 18", "14-16 jan", "in the next few days", "over the next couple of days",
                "day after tomorrow", "on the 3rd", "the 15th"
            ]
        ) { reader, index throws(CaptureError) in
            try reader.withPreposition(CaptureVocabulary.datePrepositions, at: index) {
                (start, afterPreposition) throws(CaptureError) in
                try reader.dateCore(at: start, afterContext: afterPreposition)
            }
        },
        CaptureRule(
            name: "week after a day",
            examples: ["friday week", "a week on friday", "a week friday", "the tuesday after next", "next week friday"]
        ) { reader, index throws(CaptureError) in try reader.date(at: index, by: reader.weekAfter) },
        CaptureRule(name: "this time", examples: ["this time next week", "this time tomorrow"]) { reader, index in
            reader.thisTime(at: index)
        },
        CaptureRule(name: "day in figures", examples: ["7/12", "on 12/7", "7.12.", "7/12/2027", "7.12.2027"]) {
            reader, index throws(CaptureError) in try reader.date(at: index, by: reader.numericDate)
        },
        CaptureRule(
            name: "named day",
            examples: [
                "christmas eve", "on boxing day", "easter monday", "new year's eve", "the bank holiday", "nye",
                "christmas in 2 years", "thanksgiving 9 months from now"
            ]
        ) { reader, index throws(CaptureError) in try reader.date(at: index, by: reader.namedDay) },
        CaptureRule(
            name: "approximate day",
            examples: [
                "mid-january", "middle of january", "early next week", "later this week", "end of the month",
                "next month", "over the weekend", "at the weekend"
            ]
        ) { reader, index throws(CaptureError) in try reader.date(at: index, by: reader.approximateDay) },
        CaptureRule(
            name: "day counted in a month",
            examples: [
                "first monday in january", "last friday of the month", "the second tuesday of next month",
                "last day of the month", "on the first day of march"
            ]
        ) { reader, index throws(CaptureError) in try reader.date(at: index, by: reader.dayOfMonthByCount) },
        CaptureRule(
            name: "clock time",
            examples: [
                "at 3pm", "15:30", "9.30am", "9.30", "0930", "17h45", "17:45h", "at 1730", "5ish", "around 10", "2-3pm",
                "from 9 to 10:30", "noon", "midnight", "half 8", "quarter to 6", "9 to noon", "noon-2pm",
                "8 to midnight", "15 to noon", "9:01:10 am"
            ]
        ) { reader, index throws(CaptureError) in try reader.time(at: index) },
        CaptureRule(
            name: "time of a meal or of work", examples: ["after lunch", "before dinner", "lunchtime", "after work"]
        ) { reader, index in reader.mealTime(at: index) },
        CaptureRule(
            name: "length",
            examples: [
                "45m", "1.5h", "1h30", "2 hours", "for half an hour", "1h 30m", "an hour and a half", "1½ hours",
                "a couple of hours", "a few minutes", "20-30 min", "2 hours 15 minutes", "three quarters of an hour"
            ]
        ) { reader, index throws(CaptureError) in try reader.duration(at: index) },
        CaptureRule(name: "category tag", examples: ["#deep", "#admin", "#health", "#culture"]) { reader, index in
            reader.tag(at: index)
        }
    ]
}
