"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the tests of the
mail `aura serve` sends, and the `site.yml` lines that point Aura at it."""
import socket

from aiosmtpd.controller import Controller


class LoopbackSMTP:
    """Listens on 127.0.0.1 at a free port; `messages` holds (sender, recipients, bytes) as they arrive."""

    def __init__(self):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.messages = []
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.mail_from, envelope.rcpt_tos, envelope.content))
        return "250 OK"

    def site_lines(self):
        """The `mail:` setting of site.yml that sends through this server."""
        return f'\nmail:\n  smtp: smtp://127.0.0.1:{self.port}\n  from: "Aura <aura@example.org>"\n'

    def stop(self):
        self.controller.stop()
