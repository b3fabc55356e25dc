/// A clock time as written in one word: `3pm`, `3:30pm`, `15:30`, `15:23:24`, `9.30am`, `9.30`,
/// `0930`, `330pm`, `17h45`, `17:45h`, `1730hrs`, `5ish`, `3p`, or a bare hour.
struct ClockWord {
    enum Meridiem { case am, pm }

    let hour: Int
    let minute: Int
    let hourDigits: Int
    var meridiem: Meridiem?
    /// Written so that it can only be a time (`15:30`, `17h45`, `0930`, `5ish`), not a number;
    /// a bare `5`, `1730` or `9h30` is a time only after `at`.
    let isWrittenAsTime: Bool

    /// Written with an `h` (`9h30`, `14h`): a clock time, or a length when it is short.
    let hasHourMark: Bool
    /// Written as a rough guide (`5ish`, `5-ish`).
    let isApproximate: Bool
    /// The hour and minutes joined by an `h` (`3h18`, `17h45`): the 24-hour clock.
    let isContinental: Bool
    /// A bare hour with one letter for am or pm (`3p`, `7a`): as likely a flat or a price in
    /// pence (`flat 7a`, `owe Kim 50p`), so a time only where `at` or a day says so.
    let hasLetterMeridiem: Bool
    /// A one-figure hour run into its minutes (`730`, `330pm`): without am or pm as likely a
    /// price or a room, so a time only beside a day or a part of the day.
    let isRunTogether: Bool

    var isExplicit: Bool { isWrittenAsTime || (meridiem != nil && !hasLetterMeridiem) }
    /// Without am or pm, not a 24-hour `08:30` and not a continental `3h18`: a part of the day
    /// may move it past noon.
    var isFlexible: Bool {
        meridiem == nil && (1...11).contains(hour) && !(hourDigits == 2 && hour < 10) && !isContinental
    }

    static func meridiem(_ text: String) -> Meridiem? {
        switch text {
        case "am", "a.m", "a.m.": .am
        case "pm", "p.m", "p.m.": .pm
        default: nil
        }
    }

    init?(_ text: String) {
        guard let first = text.first, first.isNumber || first == "@" else { return nil }
        var body = Substring(text)
        if body.first == "@" { body = body.dropFirst() }
        var approximate = false
        for suffix in ["-ish", "ish"] where body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            approximate = true
            break
        }
        for (suffix, value) in [("a.m", Meridiem.am), ("p.m", .pm), ("am", .am), ("pm", .pm)]
        where body.hasSuffix(suffix) {
            meridiem = value
            body = body.dropLast(suffix.count)
            break
        }
        // `3:15p`, `12:15a`: one letter for am or pm, after minutes; `3p` after a bare hour.
        var letter = false
        if meridiem == nil, let last = body.last, last == "a" || last == "p",
            body.contains(":") || (1...2).contains(body.count - 1)
        {
            meridiem = last == "a" ? .am : .pm
            letter = !body.contains(":")
            body = body.dropLast()
        }
        // `15:23:24`, `9:01:10am`: the seconds are dropped. A one-figure hour needs its am or pm:
        // `1:45:00` is more likely how long a race took.
        if body.count == 8 || (body.count == 7 && meridiem != nil), body.dropLast(2).last == ":",
            body.filter({ $0 == ":" }).count == 2
        {
            body = body.dropLast(3)
        }
        // `17:45h`, `1730h`, `1730hrs`: the continental and military marks of a clock time.
        var marked = false
        for suffix in ["hrs", "h"] where meridiem == nil && body.count >= suffix.count + 4 && body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            marked = true
            break
        }
        func digits(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        let hourText: Substring
        let minuteText: Substring?
        var written = approximate || marked
        if body.count >= 2, body.last == "h", meridiem == nil {
            // `14h`, `9h`: French and German for the hour; an hour below 9 is a length (`2h`).
            (hourText, minuteText) = (body.dropLast(), nil)
            written = written || Int(hourText).map { (9...23).contains($0) } == true
        } else if let separator = body.firstIndex(where: { $0 == ":" || $0 == "." || $0 == "h" }) {
            (hourText, minuteText) = (body[..<separator], body[body.index(after: separator)...])
            guard minuteText?.count == 2 else { return nil }
            switch body[separator] {
            case ":": written = true
            // `9.30`: a time when its minutes are on the clock's fives (`2.47` is more likely a price).
            case ".": written = written || meridiem != nil || Int(minuteText!).map { $0 % 5 == 0 } == true
            // `17h45`, `9h30`: from 9 on a clock time; `2h30` is a length unless written after `at`.
            // Minutes off the clock's fives (`3h18`) name a time: a length is a round figure.
            default:
                written =
                    written || (Int(hourText).map { $0 >= 9 } == true && meridiem == nil)
                    || Int(minuteText!).map { $0 % 5 != 0 } == true
            }
        } else if body.count == 4, digits(body) {
            // `0930`: with its leading zero (or a mark), nothing but a time.
            (hourText, minuteText) = (body.prefix(2), body.suffix(2))
            written = written || body.first == "0"
            guard meridiem == nil else { return nil }
        } else if body.count == 3, digits(body) {
            // `330pm`, `at 730`: an hour and its minutes run together, a time only with am or pm,
            // or where `at` or a day says so.
            (hourText, minuteText) = (body.prefix(1), body.suffix(2))
        } else {
            (hourText, minuteText) = (body, nil)
        }
        guard digits(hourText), (1...2).contains(hourText.count), minuteText.map(digits) ?? true,
            let hour = Int(hourText), !letter || (1...12).contains(hour)
        else { return nil }
        self.hour = hour
        self.minute = minuteText.map { Int($0)! } ?? 0
        self.hourDigits = hourText.count
        self.isWrittenAsTime = written
        self.hasHourMark = text.contains { $0 == "h" }
        self.isApproximate = approximate
        self.isContinental = body.contains("h")
        self.hasLetterMeridiem = letter
        self.isRunTogether = body.count == 3 && digits(body)
    }
}
