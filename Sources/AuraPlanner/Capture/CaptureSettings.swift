/// The conventions capture reads by: `site.yml`'s `locale:` (whose holidays, and which of day
/// and month comes first in `7/12`), `date_order:` and `birthday:`.
public struct CaptureSettings: Sendable, Hashable {
    public enum DateOrder: String, Sendable, CaseIterable {
        /// `7/12` is the 7th of December.
        case dmy
        /// `7/12` is July 12th.
        case mdy
    }

    public var region: HolidayRegion
    public var dateOrder: DateOrder
    /// The month and day `my birthday` names, when `site.yml` gives one.
    public var birthday: (month: Int, day: Int)? {
        get { birthdayMonthDay.map { ($0 / 100, $0 % 100) } }
        set { birthdayMonthDay = newValue.map { $0.month * 100 + $0.day } }
    }
    private var birthdayMonthDay: Int?

    /// `locale` is a language tag (`en-GB`, `en_US`, `de-DE`): its country picks the holidays
    /// (US, Germany, Austria and Switzerland as German, anywhere else the UK's) and, unless
    /// `dateOrder` is given, the order of day and month (month first only in the US).
    public init(locale: String = "en-GB", dateOrder: DateOrder? = nil, birthday: (month: Int, day: Int)? = nil) {
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.uppercased() }
        let country = parts.count > 1 ? parts[1] : ""
        region =
            switch country {
            case "US": .us
            case "DE", "AT", "CH": .de
            case "": parts.first == "DE" ? .de : .gb
            default: .gb
            }
        self.dateOrder = dateOrder ?? (region == .us ? .mdy : .dmy)
        self.birthday = birthday
    }
}
