import AuraCalendar
import CFuzzDriver
import Foundation

/// libFuzzer entry: the input is a calendar.ics, read by libical and expanded over a week.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalendar(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let calendar = try? ICSCalendar(text: text, floatingTimeZone: TimeZone(identifier: "Europe/London")!) else {
        return 0
    }
    let start = Date(timeIntervalSince1970: 1_796_169_600)  // 2026-12-02 00:00 UTC
    _ = calendar.busyIntervals(from: start, to: start.addingTimeInterval(7 * 86_400))
    return 0
}

@_cdecl("FuzzCalendar_main")
public func fuzzCalendarMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    aura_fuzz_main(argc, argv)
}
