import AuraPlanner
import CFuzzDriver

/// libFuzzer entry: the input is an inbox file, captured line by line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let parser = CaptureParser(today: LocalDate(iso: "2026-12-02")!)
    if let entries = try? Inbox.capture(text, with: parser) {
        var store = TaskStore()
        _ = store.capture(entries.flatMap(\.items), on: LocalDate(iso: "2026-12-02")!)
    }
    _ = Inbox.drained(text)
    return 0
}

@_cdecl("FuzzCapture_main")
public func fuzzCaptureMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    aura_fuzz_main(argc, argv)
}
