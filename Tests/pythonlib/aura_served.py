"""`aura serve` as a real process on loopback, for the suites that drive it (Tests/Server over
`requests`, Tests/Browser through a browser): a copy of the default content (`content_edit` may
change it first), a fresh state folder and one person (sam) who may sign in."""
import re
import shutil
import signal
import subprocess


from aura_test_paths import REPO, aura_binary
import requests

PASSWORD = "correct horse battery staple"


class Server:
    def __init__(self, root, public_url=None, content_edit=None):
        self.root = root
        self.content = root / "Content"
        shutil.copytree(REPO / "Content", self.content)
        if content_edit:
            content_edit(self.content)
        self.state = root / "state"
        self.aura = aura_binary()
        added = subprocess.run([str(self.aura), "user", "add", "sam", "--password-stdin", "--state", str(self.state)],
                               input=PASSWORD + "\n", capture_output=True, text=True)
        assert added.returncode == 0, added.stderr
        self.public_url = public_url
        self.start()

    def start(self):
        """Starts the server on the content and state it has (again, after stop())."""
        command = [str(self.aura), "serve", "--content", str(self.content), "--templates", str(REPO / "Templates"),
                   "--listen", "127.0.0.1:0", "--state", str(self.state)]
        if self.public_url:
            command += ["--public-url", self.public_url]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # The first line is printed once the socket listens: that is the condition to wait for.
        line = self.process.stdout.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+)/", line)
        assert match, f"aura serve did not start: {line}{self.process.stderr.read() if self.process.poll() is not None else ''}"
        self.url = match.group(1)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=120)
        assert self.process.returncode == 0, self.process.stderr.read()

    def signed_in(self):
        """A requests session signed in as sam."""
        browser = requests.Session()
        form = browser.get(self.url + "/login/")
        token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        answer = browser.post(self.url + "/login/", data={"csrf": token, "name": "sam", "password": PASSWORD},
                              allow_redirects=False)
        assert answer.status_code == 303, answer.text
        return browser

    def form_token(self, browser, path="/planner/"):
        return re.search(r'name="csrf" value="([^"]+)"', browser.get(self.url + path).text).group(1)
