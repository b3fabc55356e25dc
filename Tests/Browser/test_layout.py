"""Layout measured in the browser, at 320, 390, 768, 1024 and 1280 CSS pixels wide, against the
built default site (fixtures in conftest.py). Everything here is read from the rendered page with
execute_script (getBoundingClientRect, scrollWidth, getComputedStyle), using only standard
WebDriver calls, so the same tests run in Chromium and WebKit.

What is measured: the "At a glance" figures never overlap; no page scrolls sideways; text is
set in the site's face where the system has no San Francisco; the tasks of "Your day" are separated by a spaced dot; notification titles end on a whole word; culture rows
show their tags in the heading face, an entry's facts sit on one grid, "Related" has air before
its list, and tag and kind pages name themselves once; no text is too small to read; the design
page's radius labels stay on one line; the header is one row with every link reachable by
keyboard, and it marks the section of every page."""
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import epoch_ms, fixed_clock_script

WIDTHS = [320, 390, 768, 1024, 1280]
TAGS = {"Live Visit", "Read Script", "Digital Stage"}
EPSILON = 0.5  # sub-pixel rounding between boxes that touch


def wait(driver, condition, timeout=10, message=""):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: condition(d), message)


def settled(driver):
    """The page is loaded and its web fonts are in, so what is measured is what a person sees."""
    return driver.execute_script("return document.readyState === 'complete' && document.fonts.status === 'loaded'")


def visit(driver, base_url, path):
    driver.get(f"{base_url}/{path}")
    wait(driver, settled, message=f"{path} never finished loading")


def resize(driver, width, height=900):
    """Make the viewport `width` CSS pixels wide. Both engines here add no frame to the window
    (test_harness checks that a window opened at a width has a viewport of that width), so the
    wait is for the resize to land, however long the machine takes."""
    driver.set_window_size(width, height)
    wait(driver, lambda d: d.execute_script("return window.innerWidth") == width,
         message=f"viewport never became {width} px")


def site_pages(site):
    """Every page of the built site, as a path relative to its root ('' for the landing page)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        folder = index.parent.relative_to(site).as_posix()
        pages.append("" if folder == "." else folder + "/")
    return pages


@pytest.fixture
def browser(open_browser, plan_date, time_zone):
    """One browser whose clock reads 09:00 on the plan's date, so personal pages render the same."""
    return open_browser(fixed_clock_script(epoch_ms(plan_date, "09:00", time_zone)))


def intersect(a, b):
    """The overlap of two DOMRects as (width, height), both zero when they only touch."""
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return (width, height) if width > EPSILON and height > EPSILON else (0, 0)


def inside(inner, outer):
    return (inner["left"] >= outer["left"] - EPSILON and inner["right"] <= outer["right"] + EPSILON
            and inner["top"] >= outer["top"] - EPSILON and inner["bottom"] <= outer["bottom"] + EPSILON)


RECT = "function rect(e) { var r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; }"


# ---- (1) "At a glance": the figures never overlap, no value leaves its item ----

@pytest.mark.parametrize("path", ["dashboard/", "schedule/"])
def test_day_facts_never_overlap(browser, base_url, path):
    for width in WIDTHS:
        resize(browser, width)
        visit(browser, base_url, path)
        items = browser.execute_script(RECT + """
            return Array.from(document.querySelectorAll('.day-facts__item')).map(function (item) {
              return { label: item.querySelector('dt').textContent.trim(), box: rect(item),
                       scroll: item.scrollWidth, client: item.clientWidth,
                       value: rect(item.querySelector('dd')),
                       figures: Array.from(item.querySelectorAll('.day-facts__value')).map(rect) };
            });""")
        assert len(items) == 4, f"{path} at {width} px: expected the four day facts"
        for i, first in enumerate(items):
            for second in items[i + 1:]:
                assert intersect(first["box"], second["box"]) == (0, 0), \
                    f"{path} at {width} px: '{first['label']}' and '{second['label']}' overlap by {intersect(first['box'], second['box'])}"
            assert first["scroll"] <= first["client"], f"{path} at {width} px: '{first['label']}' overflows its item"
            assert inside(first["value"], first["box"]), f"{path} at {width} px: the value of '{first['label']}' leaves its item"
            # A figure is an inline box, as tall as its font rather than its line: compare across.
            for figure in first["figures"]:
                assert first["box"]["left"] - EPSILON <= figure["left"] and figure["right"] <= first["box"]["right"] + EPSILON, \
                    f"{path} at {width} px: a figure of '{first['label']}' runs out of its item"


# ---- (2) No page scrolls sideways ----

@pytest.mark.parametrize("width", [320, 360] + WIDTHS[1:])
def test_no_page_scrolls_sideways(browser, base_url, site, width):
    resize(browser, width)
    wide = []
    for path in site_pages(site) + ["404.html"]:
        visit(browser, base_url, path)
        scroll, client = browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        if scroll > client:
            wide.append(f"/{path}: {scroll} > {client}")
    assert len(site_pages(site)) > 60, "the default site should have every culture entry"
    assert wide == [], f"at {width} px these pages scroll sideways: {wide}"


# ---- (3) "Your day": tasks separated by a spaced dot ----

def test_your_day_separates_tasks_with_a_spaced_dot(browser, base_url):
    for width in (320, 390, 1280):
        resize(browser, width)
        visit(browser, base_url, "dashboard/")
        lines = browser.execute_script("""
            return Array.from(document.querySelectorAll('.day-list__tasks')).map(function (line) {
              return { text: line.innerText, tasks: line.children.length };  // one element per task
            });""")
        several = [line for line in lines if line["tasks"] > 1]
        assert several, "the default day has a block of several tasks"
        for line in lines:
            text = line["text"].strip()
            assert text.count("·") == line["tasks"] - 1, f"at {width} px: one dot between each two tasks in {text!r}"
            assert not re.search(r"\S·|·\S", text), f"at {width} px: a dot without space around it in {text!r}"


# ---- (4) Notification titles end on a whole word ----

TITLE_LIMIT = 40  # the planner's NotificationPlanner.titleLimit, in characters


def test_notification_titles_end_on_a_whole_word(browser, base_url, plan_date):
    visit(browser, base_url, f"schedule/{plan_date}/")
    tasks = browser.execute_script("""
        var out = {};
        document.querySelectorAll('article.block[data-block-id]').forEach(function (block) {
          var first = block.querySelector('.block__task');
          out[block.dataset.blockId] = first ? first.firstChild.textContent.trim() : null;
        });
        return out;""")
    for width in (320, 1280):
        resize(browser, width)
        visit(browser, base_url, "notifications/")
        notices = browser.execute_script("""
            return Array.from(document.querySelectorAll('[data-notice]')).map(function (notice) {
              var title = notice.querySelector('.notice__title');
              return { block: notice.dataset.blockId, text: title.textContent.trim(),
                       scroll: title.scrollWidth, client: title.clientWidth,
                       clip: getComputedStyle(title.querySelector('a')).textOverflow };
            });""")
        assert notices, "the default plan has notifications"
        cut = 0
        for notice in notices:
            task = tasks.get(notice["block"])
            assert task, f"notice for {notice['block']} has no block with a task on the schedule"
            title = notice["text"]
            assert notice["scroll"] <= notice["client"] and notice["clip"] != "ellipsis", \
                f"at {width} px the page itself hides part of {title!r}"
            # "🧠 Deep work: Write the grant proposal…": the emoji, an optional "Label: ", the task.
            label = title.split(" ", 1)[1]
            body = label.split(": ", 1)[1] if ": " in label else label
            if title.endswith("…"):
                cut += 1
                shown = body[:-1]
                assert task.lower().startswith(shown.lower()), f"{title!r} is not the start of {task!r}"
                assert task[len(shown)] == " ", f"{title!r} ends inside a word of {task!r}"
                assert len(title) <= TITLE_LIMIT
                whole = title[:-1 - len(shown)] + task
                assert len(whole) > TITLE_LIMIT, f"{title!r} is cut though {whole!r} fits the limit"
            else:
                assert body.lower() == task.lower(), f"{title!r} should name {task!r} whole"
        assert cut, "the default plan has a task too long for a whole title"


# ---- (5) Faces ----

# The width a canvas gives a text in a face: the face a browser picks from a stack is the one
# whose width it gives. (The page's fonts are in: `settled`.)
TEXT_WIDTHS = """
var text = arguments[0], style = getComputedStyle(arguments[1]), context = document.createElement('canvas').getContext('2d');
function width(family) { context.font = style.fontWeight + ' ' + style.fontSize + ' ' + family; return context.measureText(text).width; }
return { stack: width(style.fontFamily), site: width('"Inter Tight"'), system: width('sans-serif'), weight: style.fontWeight };"""


@pytest.mark.parametrize("path,selector", [("", "p"), ("schedule/", ".block__task"), ("culture/", ".culture-row__summary, p")])
def test_text_is_set_in_the_sites_face_where_the_system_has_no_san_francisco(browser, base_url, path, selector):
    """Linux has no San Francisco: the text is set in the site's Inter Tight at its own weight,
    not in the system sans (DejaVu, heavier and wider than the light headings)."""
    visit(browser, base_url, path)
    element = browser.find_element(By.CSS_SELECTOR, selector)
    text = "Plan the day, then live it: 0123456789 — “quietly”."
    widths = browser.execute_script(TEXT_WIDTHS, text, element)
    assert abs(widths["site"] - widths["system"]) > 1, f"the test cannot tell the faces apart: {widths}"
    assert abs(widths["stack"] - widths["site"]) < 0.01, f"{path} {selector}: not Inter Tight: {widths}"


# ---- (6) Culture ----

def test_culture_rows_show_their_tags_in_the_heading_face(browser, base_url):
    resize(browser, 1280)
    visit(browser, base_url, "culture/")
    rows = browser.execute_script("""
        var h1 = getComputedStyle(document.querySelector('h1'));
        return { face: [h1.fontFamily, h1.fontWeight], rows: Array.from(document.querySelectorAll('.culture-all .culture-row')).map(function (row) {
          var title = row.querySelector('.culture-row__title'), style = getComputedStyle(title);
          return { href: title.getAttribute('href'), title: title.textContent.trim(), face: [style.fontFamily, style.fontWeight],
                   tags: Array.from(row.querySelectorAll('.culture-row__tags .chip')).filter(function (c) { return c.getClientRects().length; })
                          .map(function (c) { return c.textContent.trim(); }) };
        }) };""")
    assert len(rows["rows"]) > 40
    for row in rows["rows"]:
        assert row["face"] == rows["face"], f"{row['title']}: {row['face']} is not the heading face {rows['face']}"
        assert row["tags"] and set(row["tags"]) <= TAGS, f"{row['title']} shows tags {row['tags']}"
    # Each row's tags are its entry's own.
    for row in rows["rows"]:
        browser.get(base_url + row["href"])
        wait(browser, settled)
        own = browser.execute_script(
            "return Array.from(document.querySelectorAll('.culture-entry__tags .chip')).map(function (c) { return c.textContent.trim(); })")
        assert sorted(own) == sorted(row["tags"]), f"{row['title']}: the list shows {row['tags']}, the entry {own}"


@pytest.mark.parametrize("path,tag", [("culture/tags/live-visit/", "Live Visit"), ("culture/tags/read-script/", "Read Script"),
                                      ("culture/tags/digital-stage/", "Digital Stage")])
def test_tag_pages_list_only_rows_with_their_tag(browser, base_url, path, tag):
    visit(browser, base_url, path)
    tags = browser.execute_script("""
        return Array.from(document.querySelectorAll('.culture-all .culture-row')).map(function (row) {
          return Array.from(row.querySelectorAll('.culture-row__tags .chip')).map(function (c) { return c.textContent.trim(); });
        });""")
    assert tags and all(tag in row for row in tags)


def test_culture_list_pages_link_their_neighbours_and_fit_a_phone(browser, base_url):
    """The default site has more entries than one page holds: /culture/ links page 2 as rel=next,
    page 2 links back as rel=prev, and every entry appears on exactly one page."""
    seen, path, pages = [], "culture/", 0
    for width in (390, 1280):
        resize(browser, width)
        visit(browser, base_url, "culture/page/2/")
        overflow = browser.execute_script("""
            var nav = document.querySelector('.culture-pages');
            return nav && [document.documentElement.scrollWidth - document.documentElement.clientWidth,
                           nav.getBoundingClientRect().right <= window.innerWidth + 0.5];""")
        assert overflow == [0, True], f"pagination at {width} px: {overflow}"
    while path:
        visit(browser, base_url, path)
        pages += 1
        page = browser.execute_script("""
            var next = document.querySelector('.culture-pages a[rel=next]'), prev = document.querySelector('.culture-pages a[rel=prev]');
            return { rows: Array.from(document.querySelectorAll('.culture-all .culture-row__title')).map(function (a) { return a.getAttribute('href'); }),
                     next: next && next.getAttribute('href'), prev: prev && prev.getAttribute('href'),
                     current: (document.querySelector('.culture-pages [aria-current=page]') || {}).textContent };""")
        assert page["current"] == str(pages)
        assert (page["prev"] is None) == (pages == 1), f"{path}: previous link {page['prev']}"
        seen += page["rows"]
        path = page["next"] and page["next"].lstrip("/")
    assert pages >= 2 and len(seen) == len(set(seen)) and len(seen) > 50


def culture_entries(site):
    return [path for path in site_pages(site) if re.fullmatch(r"culture/[^/]+/", path) and path not in ("culture/tags/", "culture/kinds/")]


def test_entry_facts_align_label_and_value(browser, base_url, site):
    entries = culture_entries(site)
    assert len(entries) > 40
    for width in WIDTHS:
        resize(browser, width)
        for path in entries:
            visit(browser, base_url, path)
            facts = browser.execute_script(RECT + """
                var dl = document.querySelector('dl.facts');
                return { box: rect(dl), rows: Array.from(dl.querySelectorAll('dt')).map(function (dt) {
                  return { label: dt.textContent.trim(), dt: rect(dt), dd: rect(dt.nextElementSibling), lines: dt.nextElementSibling.getClientRects().length };
                }) };""")
            rows = facts["rows"]
            assert len(rows) >= 5, f"{path}: expected By, From, Year, Length and Evening"
            for row in rows:
                assert abs(row["dt"]["top"] - row["dd"]["top"]) <= 1, f"{path} at {width} px: '{row['label']}' and its value start on different lines"
                assert row["dt"]["right"] < row["dd"]["left"], f"{path} at {width} px: '{row['label']}' runs into its value"
                assert inside(row["dd"], facts["box"]), f"{path} at {width} px: the value of '{row['label']}' leaves the facts"
            assert max(r["dd"]["left"] for r in rows) - min(r["dd"]["left"] for r in rows) <= 1, f"{path} at {width} px: values not in one column"
            assert max(r["dt"]["left"] for r in rows) - min(r["dt"]["left"] for r in rows) <= 1, f"{path} at {width} px: labels not in one column"
            for above, below in zip(rows, rows[1:]):
                assert below["dt"]["top"] >= max(above["dt"]["bottom"], above["dd"]["bottom"]) - EPSILON, \
                    f"{path} at {width} px: '{below['label']}' starts before '{above['label']}' ends"


def test_related_has_space_before_its_list(browser, base_url, site):
    checked = 0
    for width in (390, 1280):
        resize(browser, width)
        for path in culture_entries(site):
            visit(browser, base_url, path)
            gap = browser.execute_script("""
                var section = document.querySelector('.culture-related');
                if (!section) return null;
                return section.querySelector('.culture-list').getBoundingClientRect().top - section.querySelector('h2').getBoundingClientRect().bottom;""")
            if gap is not None:
                checked += 1
                assert gap >= 8, f"{path} at {width} px: only {gap} px between Related and its list"
    assert checked, "some default entries have related entries"


def test_tag_and_kind_pages_name_themselves_once(browser, base_url, site):
    pages = [path for path in site_pages(site) if path.startswith(("culture/tags/", "culture/kinds/"))]
    assert len(pages) >= 6
    for path in pages:
        visit(browser, base_url, path)
        headings = browser.execute_script("""
            return Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6')).filter(function (h) { return h.getClientRects().length; })
              .map(function (h) { return [h.tagName, h.textContent.replace(/\\s+/g, ' ').trim()]; });""")
        assert [h for h in headings if h[0] == "H1"].__len__() == 1, f"{path}: {headings}"
        texts = [text.lower() for _, text in headings]
        assert len(texts) == len(set(texts)), f"{path} repeats a heading: {headings}"


# ---- (7) Text large enough to read ----

TEXT_SIZES = """
var words = /[^\\s\\d\\p{P}\\p{S}]{2,}/gu, out = [];
function clipped(element) {  // inside a box shrunk to a pixel with its overflow hidden: for screen readers only
  for (var e = element; e; e = e.parentElement) {
    var r = e.getBoundingClientRect(), s = getComputedStyle(e);
    if ((r.width <= 1 || r.height <= 1) && (s.overflowX !== 'visible' || s.overflowY !== 'visible')) return true;
  }
  return false;
}
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (var node = walker.nextNode(); node; node = walker.nextNode()) {
  var text = node.data.replace(/\\s+/g, ' ').trim(), element = node.parentElement;
  if (!text || element.closest('script, style, template, noscript')) continue;
  var style = getComputedStyle(element);
  if (style.visibility !== 'visible' || parseFloat(style.opacity) === 0) continue;
  var range = document.createRange();
  range.selectNodeContents(node);
  var shown = Array.from(range.getClientRects()).some(function (r) { return r.width > 1 && r.height > 1; });
  if (!shown || clipped(element)) continue;  // not rendered, or visually hidden
  out.push({ text: text.slice(0, 60), size: parseFloat(style.fontSize), words: (text.match(words) || []).length,
             where: element.tagName.toLowerCase() + (element.className && element.className.baseVal === undefined ? '.' + element.className.split(' ')[0] : '') });
}
return out;
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_no_text_is_too_small_to_read(browser, base_url, site, width):
    """The rule, the same on every page: every visible text node is at least 11 px, and body copy
    at least 12 px. A text node is body copy when it holds more than three words (a word being two
    or more letters in a row, so times, durations, counts and units such as "6 h 35 m" are not
    words); anything shorter is a caption — a time, a label, a tag, a count — which may use the
    type scale's caption step (step -1, 11.3 px). Running text therefore starts at step 0."""
    resize(browser, width)
    small = []
    for path in site_pages(site) + ["404.html"]:
        visit(browser, base_url, path)
        for item in browser.execute_script(TEXT_SIZES):
            body = item["words"] > 3
            if item["size"] < (12 if body else 11):
                small.append(f"/{path} {item['where']} {item['size']:.1f} px {'body' if body else 'caption'}: {item['text']!r}")
    assert small == [], f"{len(small)} texts too small at {width} px:\n" + "\n".join(small[:40])


# ---- (8) The design page's radius labels stay on one line, inside their row ----

def test_radius_labels_stay_on_one_line(browser, base_url):
    for width in WIDTHS:
        resize(browser, width)
        visit(browser, base_url, "design/")
        radii = browser.execute_script(RECT + """
            return Array.from(document.querySelectorAll('.radius')).map(function (row) {
              var label = row.querySelector('.token-label'), range = document.createRange();
              range.selectNodeContents(label);
              return { text: label.textContent.replace(/\\s+/g, ' ').trim(), row: rect(row), label: rect(label),
                       shape: rect(row.querySelector('.radius__shape')),
                       pieces: Array.from(range.getClientRects()).filter(function (r) { return r.width > 0; })
                                 .map(function (r) { return {top: r.top, bottom: r.bottom}; }) };
            });""")
        assert len(radii) == 5, "sm, md, lg, xl and pill"
        for radius in radii:
            pieces = radius["pieces"]
            assert pieces
            for a in pieces:
                for b in pieces:
                    assert min(a["bottom"], b["bottom"]) > max(a["top"], b["top"]), \
                        f"at {width} px the label '{radius['text']}' wraps onto a second line"
            assert inside(radius["label"], radius["row"]), f"at {width} px the label '{radius['text']}' leaves its row"
            assert intersect(radius["label"], radius["shape"]) == (0, 0), f"at {width} px the label '{radius['text']}' covers its shape"


# ---- (9) Header: one row, every link reachable, the current section marked ----

HEADER = RECT + """
var header = document.querySelector('.site-header'), inner = header.querySelector('.site-header__inner'), style = getComputedStyle(inner);
var shown = Array.from(inner.children).filter(function (c) { return c.getClientRects().length; });
var parts = Array.from(inner.querySelectorAll('.wordmark, .site-nav__toggle, .site-nav__list--bar .site-nav__link'))
  .filter(function (c) { return c.getClientRects().length; }).map(rect);
return { height: header.getBoundingClientRect().height, padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
         tallest: Math.max.apply(null, shown.map(function (c) { return c.getBoundingClientRect().height; })), parts: parts };
"""


def test_header_is_one_row_at_every_width(browser, base_url):
    """One row: the header is no taller than its tallest child plus its padding, every visible part
    (the wordmark, the Menu control or each link of the bar) shares that row, and on a phone the
    whole header is at most 64 px tall."""
    for width in WIDTHS:
        resize(browser, width)
        visit(browser, base_url, "dashboard/")
        header = browser.execute_script(HEADER)
        assert header["height"] <= header["tallest"] + header["padding"] + 1, f"at {width} px the header is {header['height']} px tall"
        for part in header["parts"]:
            assert part["top"] < header["parts"][0]["bottom"] and part["bottom"] > header["parts"][0]["top"], \
                f"at {width} px the header wraps onto a second row"
        if width <= 390:
            assert header["height"] <= 64, f"at {width} px the header is {header['height']} px tall"


def active(driver):
    return driver.execute_script("""var a = document.activeElement;
        return a ? (a.getAttribute('href') || a.tagName.toLowerCase()) : null;""")


def tab(driver):
    ActionChains(driver).send_keys(Keys.TAB).perform()


@pytest.mark.parametrize("width", [320, 390])
def test_menu_opens_from_the_keyboard_and_reaches_every_link(browser, base_url, width):
    resize(browser, width)
    visit(browser, base_url, "culture/")
    links = browser.execute_script(
        "return Array.from(document.querySelectorAll('.site-nav__list--menu a')).map(function (a) { return a.getAttribute('href'); })")
    assert len(links) >= 5
    assert browser.execute_script("return document.querySelector('.site-nav__list--bar').getClientRects().length") == 0
    assert not any(link.is_displayed() for link in browser.find_elements(By.CSS_SELECTOR, ".site-nav__list--menu a"))
    for _ in range(6):  # skip link, wordmark, then the Menu control
        tab(browser)
        if active(browser) == "summary":
            break
    assert active(browser) == "summary", "Tab never reached the Menu control"
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser, lambda d: d.execute_script("return document.querySelector('.site-nav__menu').open"), message="Enter did not open the menu")
    assert all(link.is_displayed() for link in browser.find_elements(By.CSS_SELECTOR, ".site-nav__list--menu a"))
    reached = []
    for _ in links:
        tab(browser)
        reached.append(active(browser))
    assert reached == links, "Tab after the Menu control should visit every link in order"
    menu = browser.execute_script(RECT + "return rect(document.querySelector('.site-nav__list--menu'))")
    assert menu["left"] >= 0 and menu["right"] <= browser.execute_script("return document.documentElement.clientWidth")


@pytest.mark.parametrize("width", [768, 1280])
def test_wide_header_shows_every_link_in_tab_order(browser, base_url, width):
    resize(browser, width)
    visit(browser, base_url, "culture/")
    bar = browser.find_elements(By.CSS_SELECTOR, ".site-nav__list--bar a")
    assert bar and all(link.is_displayed() for link in bar)
    assert not browser.find_element(By.CSS_SELECTOR, ".site-nav__toggle").is_displayed()
    links = [link.get_attribute("href").removeprefix(base_url) for link in bar]
    reached = []
    for _ in range(2 + len(links)):  # skip link, wordmark, then each link
        tab(browser)
        reached.append(active(browser))
    assert reached[2:] == links


NAV_TITLES = {"": "Home", "dashboard/": "Today", "schedule/": "Schedule", "week/": "Week", "culture/": "Culture", "design/": "Design", "docs/": "Docs"}


def expected_section(path, personal):
    """The rule the navigation follows: a page's own entry; else the entry whose path holds the
    page's (a culture entry, tag or kind page is in Culture, a dated schedule in Schedule); else a
    personal page (planner, notifications, reflections, focus, offline) belongs to Today."""
    if path in NAV_TITLES:
        return NAV_TITLES[path], "page"
    holders = [entry for entry in NAV_TITLES if entry and path.startswith(entry)]
    if holders:
        return NAV_TITLES[max(holders, key=len)], "true"
    return ("Today", "true") if personal else (None, None)


def test_navigation_marks_the_section_of_every_page(browser, base_url, site):
    resize(browser, 1280)
    for path in site_pages(site):
        visit(browser, base_url, path)
        marks = browser.execute_script("""
            function marked(list) {
              return Array.from(document.querySelectorAll(list + ' a[aria-current]')).map(function (a) { return [a.textContent.trim(), a.getAttribute('aria-current')]; });
            }
            return { bar: marked('.site-nav__list--bar'), menu: marked('.site-nav__list--menu'), footer: marked('.site-footer__list'),
                     personal: !!document.querySelector('meta[name=robots][content=noindex]') };""")
        title, value = expected_section(path, marks["personal"])
        expected = [[title, value]] if title else []
        assert marks["bar"] == expected, f"/{path}: the header marks {marks['bar']}, expected {expected}"
        assert marks["menu"] == expected and marks["footer"] == expected, f"/{path}: menu {marks['menu']}, footer {marks['footer']}"
