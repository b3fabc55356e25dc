import AuraPlanner
import CFuzzDriver

/// libFuzzer entry: the input is an inbox file, captured line by line. Its first byte picks the
/// conventions (UK, US, German; a birthday or none) and the day it is read on, the last that
/// capture accepts among them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let choice = count > 0 ? Int(bytes[0]) : 0
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let locales = ["en-GB", "en-US", "de-DE"]
    let settings = CaptureSettings(
        locale: locales[choice % 3], birthday: choice & 4 == 0 ? nil : (month: 2, day: 29))
    let today = LocalDate(iso: choice & 8 == 0 ? "2026-12-02" : "9999-12-28")!
    let parser = CaptureParser(
        today: today, now: choice & 16 == 0 ? nil : ClockTime("23:50"), settings: settings)
    if let entries = try? Inbox.capture(text, with: parser) {
        var store = TaskStore()
        _ = store.capture(entries.flatMap(\.items), on: today)
    }
    _ = Inbox.drained(text)
    return 0
}

@_cdecl("FuzzCapture_main")
public func fuzzCaptureMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    aura_fuzz_main(argc, argv)
}
