"""A loopback HTTP proxy in front of moto that notes the method and path of every request, in
the order they arrive (moto's own recorder appends from many threads to one file and interleaves
lines under parallel uploads). It forwards the Host header unchanged, so the signature aura made
for the proxy's address is the one moto checks. `drop_after(n)` makes it close every connection
without an answer once n more PUTs went through, as a network that went away mid-deploy;
`refuse_puts(n)` answers the next n PUTs 503 SlowDown, as a busy store does."""
import http.client
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from deploy_support import free_port


class CountingProxy:
    def __init__(self, upstream_port):
        self.requests, self.lock, self.puts_left, self.refusals = [], threading.Lock(), None, 0
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def forward(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with proxy.lock:
                    if proxy.puts_left is not None and (proxy.puts_left <= 0 or self.command == "PUT"):
                        if proxy.puts_left <= 0:
                            self.close_connection = True
                            return
                        proxy.puts_left -= 1
                    proxy.requests.append((self.command, self.path))
                    refuse = self.command == "PUT" and proxy.refusals > 0
                    if refuse:
                        proxy.refusals -= 1
                if refuse:
                    body = b"<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>"
                    self.send_response(503)
                    self.send_header("Content-Type", "application/xml")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=30)
                upstream.request(self.command, self.path, body=body, headers=dict(self.headers))
                answer = upstream.getresponse()
                data = answer.read()
                upstream.close()
                self.send_response(answer.status)
                for name, value in answer.getheaders():
                    if name.lower() not in ("content-length", "transfer-encoding", "connection", "server", "date"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)

            do_GET = do_PUT = do_DELETE = do_HEAD = do_POST = forward

        self.port = free_port()
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.endpoint = f"http://127.0.0.1:{self.port}"

    def take(self):
        """The requests noted since the last call, and forget them."""
        with self.lock:
            taken, self.requests = self.requests, []
        return taken

    def drop_after(self, puts):
        """From `puts` PUTs on, every request gets its connection closed; None: never."""
        with self.lock:
            self.puts_left = puts

    def refuse_puts(self, count):
        with self.lock:
            self.refusals = count

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
