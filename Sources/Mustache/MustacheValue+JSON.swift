import Foundation

extension MustacheValue {
    /// Converts the output of `JSONSerialization` (dictionaries, arrays, strings, numbers,
    /// `NSNull`). Anything else becomes `.null`.
    ///
    /// JSON booleans arrive as `NSNumber`s that also cast to `Int`, and numbers cast to
    /// `Bool`, so they are told apart by their boolean class rather than by casting.
    init(json: Any) {
        switch json {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = MustacheValue(number: number)
        case let array as [Any]:
            self = .array(array.map(MustacheValue.init(json:)))
        case let dictionary as [String: Any]:
            self = .dictionary(dictionary.mapValues(MustacheValue.init(json:)))
        default:
            self = .null
        }
    }

    private init(number: NSNumber) {
        let objCType = String(cString: number.objCType)
        if type(of: number) == type(of: NSNumber(value: true)) {
            self = .bool(number.boolValue)
        } else if objCType != "d", objCType != "f", let int = Int(exactly: number) {
            self = .int(int)
        } else {
            self = .double(number.doubleValue)
        }
    }
}
