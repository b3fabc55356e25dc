"""Around the sealed pages: the navigation, robots.txt, the service worker and the calendar's
secret address."""
import json
import re

from private_support import PASSPHRASE, derive, files, open_sealed


def test_public_pages_offer_unlock_in_place_of_the_personal_pages(builds):
    landing = (builds["sealed"] / "index.html").read_text()
    nav = landing[landing.index('class="site-nav"'):landing.index("</nav>")]
    assert 'href="/login/"' in nav and 'href="/dashboard/"' not in nav
    assert 'href="/dashboard/"' in (builds["plain"] / "index.html").read_text().split("</nav>")[0]


def test_every_personal_address_serves_the_unlock_page(builds):
    sealed = builds["sealed"]
    unlock = (sealed / "login" / "index.html").read_bytes()
    assert b"data-unlock" in unlock
    for path in files(sealed):
        if path.endswith(".html.enc"):
            assert (sealed / path[:-len(".enc")]).read_bytes() == unlock, path


def test_the_calendar_address_is_secret_and_only_the_sealed_notifications_page_names_it(builds):
    sealed = builds["sealed"]
    calendar = next(p for p in files(sealed) if p.startswith("calendar/"))
    secret = calendar.split("/")[1]
    assert re.fullmatch(r"[A-Za-z0-9_-]{24}", secret)
    assert not [p for p in files(sealed) if secret.encode() in (sealed / p).read_bytes()]
    assert secret not in builds["sealed_log"], "the build printed the secret address"
    page = open_sealed((sealed / "notifications/index.html.enc").read_bytes(), "notifications/index.html", derive(sealed, PASSPHRASE))
    assert ("https://aura.example/" + calendar).encode() in page
    assert "Disallow: /calendar/" in (sealed / "robots.txt").read_text()


def test_the_service_worker_precaches_only_files_that_exist_and_the_sealed_ones(builds):
    sealed = builds["sealed"]
    worker = (sealed / "sw.js").read_text()
    shell, personal = (json.loads(re.search(rf"var PRECACHE_{name} = urls\(\[(.*)\]\[0\]\);", worker).group(1))
                       for name in ("SHELL", "PERSONAL"))
    precache = shell + personal
    for url in precache:
        path = url.lstrip("/")
        assert (sealed / path).is_file() or (sealed / path / "index.html").is_file(), url
    assert "/dashboard/index.html.enc" in precache and "/private.json" in precache and "/login/" in precache
    assert "/notifications.json" not in precache
    # A deploy leaves the sealed files home unless asked; it always sends the unlock page and the header.
    assert {"/dashboard/", "/dashboard/index.html.enc", "/notifications.json.enc"} <= set(personal)
    assert {"/login/", "/private.json", "/"} <= set(shell) and not [u for u in shell if u.endswith(".enc")]
