"""Throttling that cannot be turned against a person, behind a trusted reverse proxy: failures
count per (name, address) and per address, back off exponentially with Retry-After, and the
owner signs in from their own address while a stranger guesses at their name; the owner hears
of the guesses at their next sign-in. Forwarding headers count only from a trusted proxy."""
import re

import requests

from server_support import PASSWORD


def attempt(server, name, password, forwarded_for=None, browser=None):
    """One sign-in through the form, as the proxy would pass it on for `forwarded_for`."""
    browser = browser or requests.Session()
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    form = browser.get(server.url + "/login/", headers=headers)
    token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    return browser.post(server.url + "/login/", data={"csrf": token, "name": name, "password": password},
                        headers=headers, allow_redirects=False)


def test_a_stranger_guessing_slows_only_the_stranger(proxied):
    proxied.add_person("ana")
    stranger = "203.0.113.7"
    answers = [attempt(proxied, "ana", f"guess {n}", stranger) for n in range(5)]
    assert [a.status_code for a in answers] == [401] * 5
    slowed = attempt(proxied, "ana", "guess 5", stranger)
    assert slowed.status_code == 429 and "Too many attempts" in slowed.text
    first_wait = int(slowed.headers["Retry-After"])
    assert 0 < first_wait <= 30
    # Even the right password waits, from the stranger's address.
    assert attempt(proxied, "ana", PASSWORD, stranger).status_code == 429

    # The owner of the name, from their own address, signs in at once: and hears of the guesses.
    owner = requests.Session()
    answer = attempt(proxied, "ana", PASSWORD, "198.51.100.20", browser=owner)
    assert answer.status_code == 303, answer.text
    page = owner.get(proxied.url + "/dashboard/", headers={"X-Forwarded-For": "198.51.100.20"})
    assert "5 sign-ins with your name failed since you last signed in" in page.text
    # Once.
    again = owner.get(proxied.url + "/dashboard/", headers={"X-Forwarded-For": "198.51.100.20"})
    assert "failed since you last signed in" not in again.text


def test_the_wait_doubles_with_each_further_failure_from_an_address(proxied):
    proxied.add_person("bea")
    address = "203.0.113.8"
    for n in range(5):
        assert attempt(proxied, "bea", f"guess {n}", address).status_code == 401
    # The database is the server's: move the last failure back past the wait, as time would.
    def age_failures(seconds):
        proxied.accounts_change("UPDATE login_failures SET last_failure = last_failure - ? WHERE key LIKE ?",
                                seconds, f"%address:{address}")

    waits = []
    for _ in range(3):
        age_failures(3600)
        assert attempt(proxied, "bea", "another guess", address).status_code == 401
        slowed = attempt(proxied, "bea", "another guess", address)
        assert slowed.status_code == 429
        waits.append(int(slowed.headers["Retry-After"]))
    assert waits[0] > 30 and waits[1] > 2 * 30 and waits[2] > 4 * 30, waits
    assert waits == sorted(waits)


def test_forwarding_headers_count_only_from_a_trusted_proxy(server):
    """`server` trusts no proxy: a client cannot pass itself off as many addresses."""
    server.add_person("cai")
    answers = [attempt(server, "cai", f"guess {n}", f"198.51.100.{n}") for n in range(6)]
    assert [a.status_code for a in answers] == [401] * 5 + [429]


def test_the_right_most_hop_a_trusted_proxy_did_not_add_is_the_client(proxied):
    """A client that writes its own X-Forwarded-For before the proxy's hop gains nothing."""
    proxied.add_person("dev")
    for n in range(5):
        # The stranger claims a fresh address each time; the proxy appends the one it saw.
        assert attempt(proxied, "dev", f"guess {n}", f"192.0.2.{n}, 203.0.113.9").status_code == 401
    assert attempt(proxied, "dev", "guess", "192.0.2.99, 203.0.113.9").status_code == 429
    # Forwarded (RFC 7239) is read when X-Forwarded-For is absent.
    browser = requests.Session()
    form = browser.get(proxied.url + "/login/")
    token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    answer = browser.post(proxied.url + "/login/", data={"csrf": token, "name": "dev", "password": PASSWORD},
                          headers={"Forwarded": 'for="203.0.113.9:4711";proto=https'}, allow_redirects=False)
    assert answer.status_code == 429
    assert attempt(proxied, "dev", PASSWORD, "203.0.113.10").status_code == 303


def test_a_bad_trusted_proxy_is_a_usage_error(tmp_path):
    import subprocess
    from aura_served import aura_binary
    result = subprocess.run([str(aura_binary()), "serve", "--trusted-proxy", "10.0.0.0/33", "--state", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "--trusted-proxy '10.0.0.0/33' has a prefix length outside 0–32" in result.stderr
