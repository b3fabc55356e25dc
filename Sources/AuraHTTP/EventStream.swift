import CHTTPTransport
import Foundation
import Synchronization

/// An open response body that is written a piece at a time (Server-Sent Events). While nothing
/// is queued its connection waits on its libh2o event loop, so an idle stream holds no thread.
public final class EventStream: Sendable {
    /// The native stream's address until `close()` lets go of it.
    private let native: Mutex<UInt?>

    init(_ native: OpaquePointer) {
        self.native = Mutex(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(native))))
    }

    /// Queues `text`; false once the client has gone or the stream was closed.
    @discardableResult
    public func send(_ text: String) -> Bool {
        native.withLock { native in
            guard let native, let stream = OpaquePointer(bitPattern: native) else { return false }
            var bytes = Array(text.utf8)
            return aura_http_stream_send(stream, &bytes, bytes.count) != 0
        }
    }

    /// Ends the body after what is queued.
    public func close() {
        native.withLock { native in
            if let stream = native.flatMap({ OpaquePointer(bitPattern: $0) }) { aura_http_stream_release(stream) }
            native = nil
        }
    }

    deinit { close() }
}
