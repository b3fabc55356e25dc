"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the tests of the
mail `aura serve` sends, and the `site.yml` lines that point Aura at it."""
import asyncio
import socket
import threading

from aiosmtpd.controller import Controller


class LoopbackSMTP:
    """Listens on 127.0.0.1 at a free port; `messages` holds (sender, recipients, bytes) as they arrive.
    After `hold()`, each message waits at its DATA until `release()`, as a slow mail server's would;
    `most_at_once` is the most messages it was given at one time."""

    def __init__(self):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.messages = []
        self.held = None
        self.at_once = self.most_at_once = 0
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def hold(self):
        self.held = threading.Event()

    def release(self):
        self.held.set()

    async def handle_DATA(self, server, session, envelope):
        self.at_once += 1
        self.most_at_once = max(self.most_at_once, self.at_once)
        try:
            if self.held:
                await asyncio.get_running_loop().run_in_executor(None, self.held.wait)
            self.messages.append((envelope.mail_from, envelope.rcpt_tos, envelope.content))
            return "250 OK"
        finally:
            self.at_once -= 1

    def site_lines(self):
        """The `mail:` setting of site.yml that sends through this server."""
        return f'\nmail:\n  smtp: smtp://127.0.0.1:{self.port}\n  from: "Aura <aura@example.org>"\n'

    def stop(self):
        self.controller.stop()
