import AuraPlanner
import Diagnostics
import SiteEngine

/// The capture settings of `site.yml`: `locale:` (a language tag such as `en-GB`, `en-US`,
/// `de-DE`), `date_order:` (`dmy` or `mdy`, for `7/12`) and `birthday:` (`MM-DD`, what
/// `my birthday` names).
extension PlannerSettings {
    static func capture(_ fields: YAMLFields) throws(SourceError) -> CaptureSettings {
        let locale = try fields.string("locale") ?? "en-GB"
        guard
            locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).allSatisfy({ part in
                (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }), !locale.isEmpty
        else {
            throw fields.error(
                "'\(locale)' is not a language tag; expected one such as en-GB, en-US or de-DE",
                at: fields.node["locale"]!)
        }
        var order: CaptureSettings.DateOrder?
        if let text = try fields.string("date_order") {
            guard let named = CaptureSettings.DateOrder(rawValue: text) else {
                throw fields.error(
                    "'\(text)' is not an order of day and month; expected dmy (7/12 is 7 December) or mdy (July 12)",
                    at: fields.node["date_order"]!)
            }
            order = named
        }
        var birthday: (month: Int, day: Int)?
        if let text = try fields.string("birthday") {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }),
                let month = Int(parts[0]), let day = Int(parts[1]), (1...12).contains(month),
                (1...LocalDate.daysIn(month: month, year: 2024)).contains(day)
            else {
                throw fields.error(
                    "'\(text)' is not a birthday; expected the month and day as MM-DD, such as 03-14",
                    at: fields.node["birthday"]!)
            }
            birthday = (month, day)
        }
        return CaptureSettings(locale: locale, dateOrder: order, birthday: birthday)
    }
}
