import AuraPlanner
import CFuzzDriver
import Foundation

/// libFuzzer entry: the input is a tasks.json file; what decodes must encode and decode again,
/// after rolling forward and undoing its latest kept change.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTaskStore(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    guard var store = try? TaskStore.decode(data) else { return 0 }
    store.rollForward(to: LocalDate(iso: "2026-12-02")!)
    _ = store.undoLatest(at: 0)
    guard (try? TaskStore.decode(store.encoded())) != nil else {
        fatalError("a decoded store did not survive its own encoding")
    }
    return 0
}

@_cdecl("FuzzTaskStore_main")
public func fuzzTaskStoreMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    aura_fuzz_main(argc, argv)
}
