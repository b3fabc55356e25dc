#!/usr/bin/env python3
"""`make bench`: times `aura build` and `aura check` side by side with Hugo and cmark-gfm, and
`aura serve` under wrk beside nginx (the `serve` rows, scripts/bench_serve.py).

For each corpus size N (default 1,000 and 10,000 culture entries) it

1. generates a deterministic corpus (entry i always comes from the same seeded PRNG, so the
   1,000-entry corpus is the first 1,000 entries of the 10,000 one) into
   bench/corpus/<N>/aura/Content/, and checks it with `aura check`;
2. writes the same entries as an equivalent Hugo site into bench/corpus/<N>/hugo/;
3. concatenates every Markdown body into bench/corpus/<N>/cmark/bodies.md for cmark-gfm;
4. times each tool with hyperfine and prints a table of means, spreads, pages and ratios,
   also written to bench/corpus/results.md (git-ignored) with the raw hyperfine JSON beside it.

A corpus is regenerated only when it is missing or the generator changed (a hash of the
generator's source, the sizes, Aura's site.yml and landing.md and the Hugo version is kept in
bench/corpus/<N>/.generator-hash). See bench/README.md for what is measured and how to
read it. Exits non-zero only when the set-up fails, never because a tool was slow.
"""

import argparse
import datetime
import hashlib
import json
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import bench_capture
import bench_deploy
import bench_serve
import bench_soak

ROOT = Path(__file__).resolve().parent.parent
CORPUS_ROOT = ROOT / "bench" / "corpus"
AURA = ROOT / ".build" / "release" / "aura"
TEMPLATES = ROOT / "Templates"
CONTENT = ROOT / "Content"

# Aura renders Markdown with these cmark-gfm options (Sources/AuraSite/Markup/Markdown.swift):
# smart punctuation, the table/strikethrough/autolink/tasklist extensions, and footnotes.
# Footnotes are switched on the way the installed program offers them (see cmark_args()):
# Debian 12's cmark-gfm (0.29.0.gfm.6) lists `footnotes` as an extension; newer ones take --footnotes.
CMARK_ARGS = ["--smart", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist"]


class SetupError(Exception):
    """A problem that makes the benchmark impossible (as opposed to a slow result)."""


# ---- corpus generator (everything down to the matching end marker is hashed) ----

GENERATOR_SEED = "aura-bench-1"

KINDS = ["literature", "theatre", "drama", "event"]
KIND_WEIGHTS = [40, 20, 30, 10]
TAGS = ["Live Visit", "Read Script", "Digital Stage"]
ENERGIES = ["low", "medium", "high"]

# region -> [(country, [cities])]; regions are exactly the ones Aura accepts.
PLACES = {
    "Africa": [("Nigeria", ["Lagos", "Ibadan", "Abuja"]), ("Senegal", ["Dakar", "Saint-Louis"]),
               ("South Africa", ["Johannesburg", "Cape Town", "Durban"]), ("Kenya", ["Nairobi", "Mombasa"]),
               ("Ghana", ["Accra", "Kumasi"]), ("Egypt", ["Cairo", "Alexandria"])],
    "East Asia": [("Japan", ["Tokyo", "Kyoto", "Osaka"]), ("China", ["Beijing", "Shanghai", "Suzhou"]),
                  ("South Korea", ["Seoul", "Busan"]), ("Taiwan", ["Taipei", "Tainan"])],
    "South Asia": [("India", ["Mumbai", "Kolkata", "Kochi", "Jaipur"]), ("Sri Lanka", ["Colombo", "Kandy"]),
                   ("Bangladesh", ["Dhaka"]), ("Pakistan", ["Lahore", "Karachi"])],
    "Southeast Asia": [("Indonesia", ["Jakarta", "Yogyakarta"]), ("Vietnam", ["Hanoi", "Hội An"]),
                       ("Philippines", ["Manila", "Cebu"]), ("Thailand", ["Bangkok", "Chiang Mai"])],
    "Central Asia": [("Uzbekistan", ["Tashkent", "Samarkand"]), ("Kazakhstan", ["Almaty", "Astana"]),
                     ("Kyrgyzstan", ["Bishkek"])],
    "Latin America": [("Mexico", ["Mexico City", "Guanajuato", "Oaxaca"]), ("Argentina", ["Buenos Aires", "Córdoba"]),
                      ("Brazil", ["São Paulo", "Rio de Janeiro", "Salvador"]), ("Chile", ["Santiago", "Valparaíso"]),
                      ("Colombia", ["Bogotá", "Medellín"])],
    "Caribbean": [("Cuba", ["Havana", "Santiago de Cuba"]), ("Jamaica", ["Kingston"]),
                  ("Trinidad and Tobago", ["Port of Spain"]), ("Barbados", ["Bridgetown"])],
    "Europe": [("United Kingdom", ["London", "Edinburgh", "Manchester"]), ("France", ["Paris", "Avignon", "Lyon"]),
               ("Norway", ["Oslo", "Bergen"]), ("Germany", ["Berlin", "Hamburg"]), ("Italy", ["Milan", "Naples"]),
               ("Poland", ["Kraków", "Warsaw"]), ("Ireland", ["Dublin", "Galway"])],
    "Middle East": [("Lebanon", ["Beirut"]), ("Iran", ["Tehran", "Shiraz"]), ("Turkey", ["Istanbul", "Ankara"]),
                    ("Palestine", ["Ramallah"]), ("Israel", ["Tel Aviv", "Haifa"])],
    "North America": [("United States", ["New York", "Chicago", "New Orleans"]), ("Canada", ["Toronto", "Montréal", "Stratford"])],
    "Oceania": [("Australia", ["Sydney", "Melbourne", "Adelaide"]), ("New Zealand", ["Wellington", "Auckland"]),
                ("Samoa", ["Apia"])],
}
REGIONS = list(PLACES)

FIRST_NAMES = ["Amara", "Kenji", "Lucía", "Tomás", "Ingrid", "Chinua", "Mei", "Arjun", "Sofía", "Nadia", "Yusuf",
               "Hana", "Oliver", "Aisha", "Mateo", "Leila", "Kwame", "Ana", "Rafael", "Noor", "Elena", "Wei",
               "Priya", "Jonas", "Zainab", "Hiroshi", "Camila", "Dmitri", "Fatou", "Selin", "Aroha", "Bao"]
LAST_NAMES = ["Okafor", "Tanaka", "Fernández", "Lindqvist", "Achebe", "Chen", "Sharma", "Haddad", "Mensah",
              "Silva", "Nakamura", "Kowalska", "O'Brien", "Rahman", "Moreau", "Ngata", "Diallo", "Kaya",
              "Nguyen", "Castillo", "Novak", "Osei", "Ivanova", "Park", "Mukherjee", "Sato", "Herrera", "Walker"]
ADJECTIVES = ["quiet", "distant", "burning", "silver", "patient", "restless", "hidden", "golden", "broken",
              "gentle", "salt", "late", "unfinished", "northern", "borrowed", "narrow", "bright", "last",
              "bitter", "tender", "wandering", "forgotten", "open", "painted", "small", "long", "river"]
NOUNS = ["harbour", "garden", "season", "letter", "house", "river", "market", "mirror", "orchard", "bridge",
         "lantern", "chorus", "festival", "station", "island", "theatre", "kingdom", "window", "courtyard",
         "promise", "winter", "song", "road", "threshold", "archive", "household", "mask", "stage", "tide"]
TITLE_PATTERNS = ["The {Adj} {Noun}", "{Noun} of the {Adj} {Noun2}", "A {Noun} in {City}", "{First}'s {Noun}",
                  "The {Noun}s of {City}", "Songs for a {Adj} {Noun}", "After the {Noun}", "{Adj} {Noun}s",
                  "The {Noun} and the {Noun2}", "Night at the {Noun}"]
VENUE_PATTERNS = ["{City} Municipal Theatre", "Teatro {Last}", "The {Adj} {Noun} Playhouse", "{City} Arts Centre",
                  "National Theatre of {Country}", "{Last} Hall", "The Old {Noun} Stage", "{City} Festival Grounds"]
LINK_HOSTS = ["https://www.gutenberg.org/ebooks/{n}", "https://archive.org/details/{slug}",
              "https://www.{slugshort}-theatre.org/", "https://festival.example.org/{year}/{slug}",
              "https://stage.example.com/watch/{n}"]
LENGTHS = {
    "literature": ["{n} pages", "about {n} pages; {h} h to read", "{c} short stories, {n} pages", "{c} poems, about {n} pages"],
    "theatre": ["most productions {h} h to {h2} h", "performances about {h} h", "a full day; shows about {m} min"],
    "drama": ["{c} acts, about {h} h {m} min on stage", "one act, about {m} min", "{c} scenes, about {h} h on stage"],
    "event": ["about {c} weeks each year; most shows about an hour", "{c} days each spring", "one evening, about {h} h"],
}

SUBJECTS = ["The play", "The novel", "The second act", "Its narrator", "The company", "This production",
            "The translation", "The final chapter", "The chorus", "The opening scene", "The festival",
            "Each story", "The heroine", "The old stage", "Every season", "The first reading", "The ensemble",
            "The poet", "The last scene", "The new staging"]
VERBS = ["returns to", "lingers over", "asks a great deal of", "quietly rewrites", "turns on", "rewards",
         "circles around", "never quite resolves", "carries", "holds back", "borrows from", "celebrates",
         "takes apart", "listens for", "keeps faith with", "makes room for", "argues with", "gives voice to"]
OBJECTS = ["the question of home", "a family that cannot agree", "the silence after a war", "a city at dusk",
           "the price of a promise", "an old quarrel between brothers", "the memory of a river",
           "the rituals of a small town", "a marriage under strain", "the comedy of good manners",
           "a journey nobody wanted", "the long shadow of a dictatorship", "the courage of ordinary people",
           "the music of everyday speech", "a love letter never sent", "the debts we inherit"]
ADVERBIALS = ["with unusual patience", "in short, bright scenes", "over three long evenings", "without hurry",
              "in a language close to song", "from the first page", "almost in passing", "with real tenderness",
              "at a surprising pace", "in the final minutes", "more than once", "in the margins"]
ASIDES = ["which is easy to miss on a first reading", "as the best translations show",
          "though the ending still divides audiences", "and it is funnier than its reputation suggests",
          "which the {City} premiere made famous", "as {First} {Last} once put it",
          "a choice that still feels modern", "and the effect is hard to forget"]
ADVICE = ["Read the first {c} pages tonight and stop at the end of the chapter.",
          "Give the opening scene time; everything later depends on it.",
          "If you can, read the dialogue aloud, slowly.",
          "Arrive early and walk around the neighbourhood first.",
          "Book the cheaper seats; the sight lines are better than you expect.",
          "Keep a pencil nearby and mark the lines you want to return to.",
          "Watch the recording in two sittings rather than one.",
          "Start with the shortest piece and see how it sits with you."]
QUOTES = ["Nothing here is wasted.", "We were never strangers, only late.", "The house remembers everything.",
          "Stay until the lamps are lit.", "Every road is a sentence.", "Who gets to tell it?"]
HEADINGS = ["Why tonight", "What to expect", "Before you start", "A little history", "How to experience it",
            "If you only have an hour", "Where it comes from"]
TABLE_SHAPES = [("Part", "Setting", "Running time"), ("Edition", "Translator", "Pages"),
                ("Day", "Venue", "Highlight"), ("Act", "Mood", "Energy")]


def _slugify(text):
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def _quoted(text):
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


class _Writer:
    """Builds one entry's Markdown body from a seeded PRNG."""

    def __init__(self, rng, entry):
        self.rng, self.entry = rng, entry
        self.words = 0
        self.footnotes = []
        self.footnote_budget = 0

    def fill(self, pattern):
        r, e = self.rng, self.entry
        return pattern.format(City=e["city"], First=r.choice(FIRST_NAMES), Last=r.choice(LAST_NAMES),
                              c=r.randint(2, 5))

    def link(self, text):
        r = self.rng
        host = r.choice(["https://en.wikipedia.org/wiki/", "https://www.britannica.com/topic/",
                         "https://archive.org/details/", "https://www.theguardian.com/stage/"])
        return f"[{text}]({host}{_slugify(text) or 'culture'}-{r.randint(1, 9999)})"

    def sentence(self):
        r = self.rng
        kind = r.random()
        if kind < 0.55:
            text = f"{r.choice(SUBJECTS)} {r.choice(VERBS)} {r.choice(OBJECTS)} {r.choice(ADVERBIALS)}"
            if r.random() < 0.4:
                text += ", " + self.fill(r.choice(ASIDES))
            text += "."
        elif kind < 0.7:
            text = self.fill(r.choice(ADVICE))
        elif kind < 0.8:
            text = f'As one character says, "{r.choice(QUOTES)}" It is the line people remember.'
        elif kind < 0.85:
            text = (f"{self.entry['creator']} wrote it in {self.entry['city']} -- or so the story goes -- "
                    f"and the {r.choice(ADJECTIVES)} {r.choice(NOUNS)} at its centre is never far from view.")
        else:
            text = f"It's {r.choice(ADJECTIVES)}, it's {r.choice(ADJECTIVES)}, and it doesn't apologise for either."
        words = text.split()
        # Inline markup: emphasis, strong emphasis, a link, sometimes strikethrough or an autolink.
        if len(words) > 6 and r.random() < 0.35:
            i = r.randrange(1, len(words) - 1)
            if words[i].rstrip(",").isalpha() and len(words[i]) > 3:
                words[i] = f"*{words[i].rstrip(',')}*" + ("," if words[i].endswith(",") else "")
        if len(words) > 8 and r.random() < 0.2:
            i = r.randrange(0, len(words) - 3)
            if words[i].isalpha() and words[i + 1].isalpha():
                words[i], words[i + 1] = "**" + words[i], words[i + 1] + "**"
        if r.random() < 0.15:
            words.append("See " + self.link(f"{r.choice(ADJECTIVES)} {r.choice(NOUNS)}") + ".")
        if r.random() < 0.04:
            words.append(f"(Once billed as ~~{r.choice(ADJECTIVES)}~~ {r.choice(ADJECTIVES)}.)")
        if r.random() < 0.03:
            words.append(f"More at https://www.example.org/{self.entry['slug']}.")
        if r.random() < 0.08 and len(self.footnotes) < self.footnote_budget:
            label = str(len(self.footnotes) + 1)
            words[-1] = words[-1] + f"[^{label}]"
            aside = self.fill(r.choice(ASIDES))
            self.footnotes.append(f"[^{label}]: {aside[0].upper()}{aside[1:]}; see the {r.randint(1890, 2020)} edition.")
        self.words += len(words)
        return " ".join(words)

    def paragraph(self):
        return " ".join(self.sentence() for _ in range(self.rng.randint(2, 5)))

    def bullet_list(self):
        r = self.rng
        ordered, tasks = r.random() < 0.3, r.random() < 0.1
        items = []
        for n in range(r.randint(3, 6)):
            text = f"{r.choice(SUBJECTS)} {r.choice(VERBS)} {r.choice(OBJECTS)}"
            if r.random() < 0.3:
                text = f"**{r.choice(HEADINGS)}:** " + text
            elif r.random() < 0.25:
                text += " -- " + self.link(f"{r.choice(NOUNS)} notes")
            marker = f"{n + 1}." if ordered else "-"
            if tasks and not ordered:
                marker += " [x]" if r.random() < 0.4 else " [ ]"
            items.append(f"{marker} {text}")
            self.words += len(text.split())
        return "\n".join(items)

    def table(self):
        r = self.rng
        head = r.choice(TABLE_SHAPES)
        rows = [f"| {' | '.join(head)} |", "| --- | --- | ---: |"]
        for n in range(r.randint(3, 5)):
            cells = [f"{['I', 'II', 'III', 'IV', 'V'][n]} -- *{r.choice(ADJECTIVES)}*",
                     f"{r.choice(NOUNS).capitalize()} in {self.entry['city']}", str(r.randint(12, 240))]
            rows.append(f"| {' | '.join(cells)} |")
            self.words += 6
        return "\n".join(rows)

    def body(self):
        r = self.rng
        target = r.randint(345, 585)
        self.footnote_budget = 0 if r.random() < 0.65 else r.choice([1, 1, 2])
        # A list, sometimes a table or a quote, each under a heading half the time...
        extras = [self.bullet_list()]
        if r.random() < 0.3:
            extras.append(self.table())
        if r.random() < 0.25:
            extras.append("> " + self.paragraph())
        # ...placed between paragraphs of prose that stop short of the target word count.
        blocks = [self.paragraph()]
        while True:
            words, footnotes = self.words, len(self.footnotes)
            paragraph = self.paragraph()
            if self.words > target and len(blocks) >= 3:
                self.words, self.footnotes = words, self.footnotes[:footnotes]
                break
            blocks.append(paragraph)
        for extra in extras:
            at = r.randint(1, len(blocks))
            blocks[at:at] = [f"## {r.choice(HEADINGS)}", extra] if r.random() < 0.5 else [extra]
        if self.footnote_budget > len(self.footnotes):
            label = str(len(self.footnotes) + 1)
            blocks[0] += f"[^{label}]"
            aside = self.fill(r.choice(ASIDES))
            self.footnotes.append(f"[^{label}]: {aside[0].upper()}{aside[1:]}.")
        blocks += self.footnotes
        return "\n\n".join(blocks) + "\n"


def generate_entry(index):
    """Entry `index` of every corpus: front-matter fields and Markdown body. Pure function of index."""
    rng = random.Random(f"{GENERATOR_SEED}:{index}")
    kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
    region = rng.choice(REGIONS)
    country, cities = rng.choice(PLACES[region])
    city = rng.choice(cities)
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    title = rng.choice(TITLE_PATTERNS).format(
        Adj=rng.choice(ADJECTIVES).capitalize(), Noun=rng.choice(NOUNS).capitalize(),
        Noun2=rng.choice(NOUNS).capitalize(), City=city, First=first)
    slug = f"{_slugify(title)}-{index:05d}"
    if kind in ("theatre", "event"):
        creator = rng.choice([f"{city} {rng.choice(['Players', 'Festival Society', 'Theatre Company'])}",
                              f"{first} {last} and company"])
    else:
        creator = f"{first} {last}"
    roll = rng.random()
    if roll < 0.08:
        year = f"c. {rng.randint(900, 1400)}–{rng.randint(1401, 1500)}"
    elif roll < 0.14:
        year = -rng.randint(200, 600)
    else:
        year = rng.randint(1600, 2025)
    if kind == "literature":
        tags = rng.sample(["Read Script", "Digital Stage"], rng.randint(1, 2))
    elif kind == "theatre":
        tags = ["Live Visit"] + (["Digital Stage"] if rng.random() < 0.4 else [])
    else:
        tags = rng.sample(TAGS, rng.randint(1, 3))
    length = rng.choice(LENGTHS[kind]).format(n=rng.randint(80, 900), h=rng.randint(1, 3), h2=rng.randint(3, 4),
                                               m=rng.randint(10, 55), c=rng.randint(2, 5))
    entry = {
        "index": index, "slug": slug, "city": city, "title": title, "creator": creator, "kind": kind,
        "region": region, "country": country, "year": year, "tags": tags, "energy": rng.choice(ENERGIES),
        "length": length,
        "venue": (rng.choice(VENUE_PATTERNS).format(City=city, Last=last, Country=country,
                                                    Adj=rng.choice(ADJECTIVES).capitalize(),
                                                    Noun=rng.choice(NOUNS).capitalize()) + f", {city}")
        if "Live Visit" in tags else None,
        "link": rng.choice(LINK_HOSTS).format(n=rng.randint(100, 70000), slug=slug, slugshort=_slugify(last) or "stage",
                                              year=rng.randint(2018, 2026)) if rng.random() < 0.6 else None,
        "summary": f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}, set in {city}.",
        "published": (datetime.date(2016, 1, 1) + datetime.timedelta(days=rng.randint(0, 3950))).isoformat(),
    }
    entry["body"] = _Writer(rng, entry).body()
    return entry


def front_matter(entry, for_hugo):
    """The YAML front matter, field for field as Aura reads it; for Hugo `kind` becomes the
    `kinds` taxonomy and `published` is also given as `date` (Hugo sorts and feeds by it)."""
    year = entry["year"] if isinstance(entry["year"], int) else _quoted(entry["year"])
    lines = ["---", f"title: {_quoted(entry['title'])}", f"creator: {_quoted(entry['creator'])}"]
    lines.append(f"kinds: [{entry['kind']}]" if for_hugo else f"kind: {entry['kind']}")
    lines += [f"region: {entry['region']}", f"country: {_quoted(entry['country'])}", f"year: {year}",
              f"tags: [{', '.join(entry['tags'])}]", f"energy: {entry['energy']}",
              f"length: {_quoted(entry['length'])}"]
    if entry["venue"]:
        lines.append(f"venue: {_quoted(entry['venue'])}")
    if entry["link"]:
        lines.append(f"link: {_quoted(entry['link'])}")
    lines += [f"summary: {_quoted(entry['summary'])}", f"published: {entry['published']}"]
    if for_hugo:
        lines.append(f"date: {entry['published']}")
    lines.append("---")
    return "\n".join(lines) + "\n"


def write_aura_corpus(folder, entries):
    content = folder / "Content"
    (content / "culture").mkdir(parents=True)
    shutil.copy2(CONTENT / "site.yml", content / "site.yml")
    shutil.copy2(CONTENT / "landing.md", content / "landing.md")
    for entry in entries:
        (content / "culture" / f"{entry['slug']}.md").write_text(front_matter(entry, False) + entry["body"])


def write_cmark_corpus(folder, entries):
    """Every body in one document. Footnote labels get the entry's index so that notes from
    different entries stay distinct, as they are when each body is rendered on its own."""
    folder.mkdir(parents=True)
    with open(folder / "bodies.md", "w") as out:
        for entry in entries:
            out.write(re.sub(r"\[\^(\w+)\]", rf"[^e{entry['index']}-\1]", entry["body"]))
            out.write("\n\n")


HUGO_CONFIG = """\
# Generated by scripts/bench.py for Hugo {version}: the Aura culture site, feature for feature.
baseURL = "https://aura.example/"
languageCode = "en"
title = "Aura"
# Aura renders no taxonomy overview (/tags/), so Hugo renders none either; /culture/, the
# term pages, entry pages, the culture feeds, the home page, 404, sitemap and robots.txt stay.
disableKinds = ["taxonomy"]
ignoreErrors = ["error-disable-taxonomy"]
enableRobotsTXT = true
enableGitInfo = false
enableEmoji = false
disableHugoGeneratorInject = true
disableAliases = true
buildFuture = true
{rss_limit}

[taxonomies]
  tag = "tags"
  kind = "kinds"

[permalinks]
  culture = "/culture/:filename/"
  tags = "/culture/tags/:slug/"
  kinds = "/culture/kinds/:slug/"

# Feeds only for the culture section (Aura: Atom + JSON Feed there, nowhere else).
[outputs]
  home = ["HTML"]
  section = ["HTML", "RSS", "JSON"]
  term = ["HTML"]
  page = ["HTML"]

# Goldmark set to what Aura asks of cmark-gfm: GFM tables, strikethrough, autolinks, task
# lists, footnotes, smart punctuation, raw HTML left out; no heading ids, no highlighting.
[markup]
  defaultMarkdownHandler = "goldmark"
  [markup.goldmark.renderer]
    unsafe = false
  [markup.goldmark.extensions]
    definitionList = false
    footnote = true
    linkify = true
    strikethrough = true
    table = true
    taskList = true
    typographer = true
  [markup.goldmark.parser]
    autoHeadingID = false
    [markup.goldmark.parser.attribute]
      block = false
      title = false
  [markup.highlight]
    codeFences = false

# Aura shows the three closest entries on each entry page, scored by region (3), kind (2),
# shared tags (1 each) and energy (1); Hugo's related-content index with the same weights.
[related]
  includeNewer = true
  threshold = 1
  toLower = false
  [[related.indices]]
    name = "region"
    weight = 3
  [[related.indices]]
    name = "kinds"
    weight = 2
  [[related.indices]]
    name = "tags"
    weight = 1
  [[related.indices]]
    name = "energy"
    weight = 1
"""

HUGO_LAYOUTS = {
    "_default/baseof.html": """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Title }} · {{ .Site.Title }}{{ end }}</title>
<meta name="description" content="{{ with .Params.summary }}{{ . }}{{ else }}{{ .Description }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#F5F5F7" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#000000" media="(prefers-color-scheme: dark)">
<link rel="icon" href="/assets/aura.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="stylesheet" href="/assets/aura.css">
<script src="/assets/aura.js" defer></script>
{{ block "head" . }}{{ end }}
</head>
<body class="page page--{{ .Kind }}">
<a class="skip-link" href="#main">Skip to content</a>
{{ partial "header.html" . }}
<main id="main" class="site-main" tabindex="-1">
{{ block "main" . }}{{ end }}
</main>
{{ partial "footer.html" . }}
</body>
</html>
""",
    "partials/header.html": """\
<header class="site-header">
  <div class="site-header__inner wrap">
    <a class="wordmark" href="/"><span class="wordmark__name">{{ .Site.Title }}</span></a>
    <nav class="site-nav" aria-label="Primary">
      <ul class="site-nav__list">
        <li><a class="site-nav__link" href="/"{{ if .IsHome }} aria-current="page"{{ end }}>Home</a></li>
        <li><a class="site-nav__link" href="/culture/"{{ if eq .Section "culture" }} aria-current="page"{{ end }}>Culture</a></li>
        <li><a class="site-nav__link" href="/design/">Design</a></li>
      </ul>
    </nav>
  </div>
</header>
""",
    "partials/footer.html": """\
<footer class="site-footer">
  <div class="wrap">
    <div class="site-footer__inner">
      <p class="site-footer__about"><span class="site-footer__name">{{ .Site.Title }}</span> — A calm day planner and cultural companion.</p>
      <nav class="site-footer__nav" aria-label="Footer">
        <ul class="site-footer__list">
          <li><a href="/">Home</a></li>
          <li><a href="/culture/">Culture</a></li>
          <li><a href="/design/">Design</a></li>
        </ul>
      </nav>
    </div>
  </div>
</footer>
""",
    "partials/feeds.html": """\
<link rel="alternate" type="application/rss+xml" title="{{ .Site.Title }} · Culture (RSS)" href="/culture/index.xml">
<link rel="alternate" type="application/feed+json" title="{{ .Site.Title }} · Culture (JSON Feed)" href="/culture/index.json">
""",
    "partials/energy.html": """\
{{- if eq . "low" }}Low energy{{ else if eq . "high" }}High energy{{ else }}Medium energy{{ end -}}
""",
    "partials/culture-row.html": """\
<li class="list-row culture-row">
  <div class="list-row__body">
    <a class="culture-row__title" href="{{ .RelPermalink }}">{{ .Title }}</a>
    <span class="list-row__meta">{{ .Params.creator }} · {{ range .Params.kinds }}{{ . | title }}{{ end }} · {{ .Params.country }}, {{ .Params.year }}</span>
    <span class="culture-row__summary">{{ .Params.summary }}</span>
  </div>
  <span class="list-row__value culture-row__energy">{{ partial "energy.html" .Params.energy }}</span>
</li>
""",
    "partials/culture-filters.html": """\
<nav class="culture-filters" aria-label="Filter recommendations">
  <ul class="chips" aria-label="By kind">
    <li><a class="chip" href="/culture/"{{ if eq .Kind "section" }} aria-current="page"{{ end }}>All</a></li>
    {{- $current := .RelPermalink }}
    {{- range .Site.Taxonomies.kinds.Alphabetical }}
    <li><a class="chip" href="{{ .Page.RelPermalink }}"{{ if eq .Page.RelPermalink $current }} aria-current="page"{{ end }}>{{ .Page.Title }} <span class="chip__count">{{ .Count }}</span></a></li>
    {{- end }}
  </ul>
  <ul class="chips" aria-label="By Visit &amp; Experience tag">
    {{- range .Site.Taxonomies.tags.Alphabetical }}
    <li><a class="chip" href="{{ .Page.RelPermalink }}"{{ if eq .Page.RelPermalink $current }} aria-current="page"{{ end }}>{{ .Page.Title }} <span class="chip__count">{{ .Count }}</span></a></li>
    {{- end }}
  </ul>
</nav>
""",
    "_default/single.html": """\
{{ define "head" }}{{ partial "feeds.html" . }}{{ end }}
{{ define "main" }}
<article class="culture-entry wrap">
  <header class="page-intro">
    <p class="page-intro__kicker"><a href="/culture/">Culture</a>{{ range .GetTerms "kinds" }} · <a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</p>
    <h1 class="page-intro__title">{{ .Title }}</h1>
    <p class="page-intro__lead">{{ .Params.summary }}</p>
    <ul class="chips culture-entry__tags" aria-label="How to experience it">
      {{- range .GetTerms "tags" }}
      <li><a class="chip chip--accent" href="{{ .RelPermalink }}">{{ .Title }}</a></li>
      {{- end }}
    </ul>
  </header>

  <dl class="facts">
    <div class="facts__row"><dt>By</dt><dd>{{ .Params.creator }}</dd></div>
    <div class="facts__row"><dt>From</dt><dd>{{ .Params.country }} · {{ .Params.region }}</dd></div>
    <div class="facts__row"><dt>Year</dt><dd>{{ .Params.year }}</dd></div>
    <div class="facts__row"><dt>Length</dt><dd>{{ .Params.length }}</dd></div>
    <div class="facts__row"><dt>Evening</dt><dd>{{ partial "energy.html" .Params.energy }}</dd></div>
    {{- with .Params.venue }}
    <div class="facts__row"><dt>Visit</dt><dd>{{ . }}</dd></div>
    {{- end }}
    {{- with .Params.link }}
    <div class="facts__row"><dt>Read or watch</dt><dd><a href="{{ . }}" rel="noopener">{{ (urls.Parse .).Host }}</a></dd></div>
    {{- end }}
  </dl>

  <div class="prose culture-entry__body">
    {{ .Content }}
  </div>

  {{- $related := .Site.RegularPages.Related . | first 3 }}
  {{- with $related }}
  <section class="culture-related" aria-labelledby="related-title">
    <h2 class="section-title" id="related-title">Related</h2>
    <ul class="list culture-list">
      {{- range . }}
      {{ partial "culture-row.html" . }}
      {{- end }}
    </ul>
  </section>
  {{- end }}
</article>
{{ end }}
""",
    "_default/list.html": """\
{{ define "head" }}{{ partial "feeds.html" . }}{{ end }}
{{ define "main" }}
<div class="culture wrap">
  <header class="page-intro">
    <p class="page-intro__kicker">Literature · Theatre · Drama</p>
    <h1 class="page-intro__title">{{ .Title }}</h1>
    <p class="page-intro__lead">Literature, theatre and drama from around the world, each tagged with how you can experience it: Live Visit, Read Script or Digital Stage.</p>
  </header>

  <section class="culture-all" aria-labelledby="all-title">
    <h2 class="section-title" id="all-title">Every recommendation</h2>
    {{ partial "culture-filters.html" . }}
    <ul class="list culture-list">
      {{- range .Pages }}
      {{ partial "culture-row.html" . }}
      {{- end }}
    </ul>
  </section>

  <p class="culture-feeds">Follow new recommendations: <a href="/culture/index.xml">RSS feed</a> · <a href="/culture/index.json">JSON Feed</a></p>
</div>
{{ end }}
""",
    "_default/term.html": """\
{{ define "head" }}{{ partial "feeds.html" . }}{{ end }}
{{ define "main" }}
<div class="culture wrap">
  <header class="page-intro">
    <p class="page-intro__kicker"><a href="/culture/">Culture</a></p>
    <h1 class="page-intro__title">{{ .Title }}</h1>
    <p class="page-intro__lead">{{ len .Pages }} recommendations.</p>
  </header>

  <section class="culture-all" aria-labelledby="all-title">
    <h2 class="section-title" id="all-title">{{ .Title }}</h2>
    {{ partial "culture-filters.html" . }}
    <ul class="list culture-list">
      {{- range .Pages }}
      {{ partial "culture-row.html" . }}
      {{- end }}
    </ul>
  </section>

  <p class="culture-feeds">Follow new recommendations: <a href="/culture/index.xml">RSS feed</a> · <a href="/culture/index.json">JSON Feed</a></p>
</div>
{{ end }}
""",
    "index.html": """\
{{ define "main" }}
<section class="hero wrap">
  <p class="hero__eyebrow">Plan My Day</p>
  <h1 class="hero__headline">{{ .Title }}</h1>
  <div class="prose">{{ .Content }}</div>
</section>
{{ end }}
""",
    "404.html": """\
{{ define "main" }}
<div class="wrap"><h1 class="page-intro__title">Page not found</h1><p><a href="/">Go to the home page</a></p></div>
{{ end }}
""",
    # Aura's Atom feed carries every entry with its full HTML; so does this RSS feed.
    "_default/rss.xml": """\
<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>{{ .Site.Title }} · Culture</title>
    <link>{{ .Permalink }}</link>
    <description>Culture recommendations</description>
    <atom:link href="{{ .Permalink }}index.xml" rel="self" type="application/rss+xml"/>
    {{- range .Pages }}
    <item>
      <title>{{ .Title }}</title>
      <link>{{ .Permalink }}</link>
      <guid>{{ .Permalink }}</guid>
      <pubDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 -0700" }}</pubDate>
      {{- range .Params.tags }}
      <category>{{ . }}</category>
      {{- end }}
      <description>{{ .Content | html }}</description>
    </item>
    {{- end }}
  </channel>
</rss>
""",
    "_default/list.json": """\
{"version":"https://jsonfeed.org/version/1.1","title":{{ printf "%s · Culture" .Site.Title | jsonify }},"home_page_url":{{ .Permalink | jsonify }},"feed_url":{{ printf "%sindex.json" .Permalink | jsonify }},"items":[
{{- range $i, $p := .Pages }}{{ if $i }},{{ end }}
{{ dict "id" $p.Permalink "url" $p.Permalink "title" $p.Title "summary" $p.Params.summary "content_html" $p.Content "date_published" ($p.Date.Format "2006-01-02T15:04:05Z07:00") "tags" $p.Params.tags | jsonify }}
{{- end }}]}
""",
}


def hugo_config(hugo_version):
    """hugo.toml for the installed Hugo (the feed limit's key moved in 0.114)."""
    rss_limit = ('rssLimit = -1' if hugo_version < (0, 114)
                 else '[services.rss]\n  limit = -1')
    return HUGO_CONFIG.format(version=".".join(map(str, hugo_version)), rss_limit=rss_limit)


def write_hugo_corpus(folder, entries, hugo_version):
    folder.mkdir(parents=True)
    (folder / "hugo.toml").write_text(hugo_config(hugo_version))
    for path, text in HUGO_LAYOUTS.items():
        target = folder / "layouts" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    content = folder / "content"
    (content / "culture").mkdir(parents=True)
    landing = (CONTENT / "landing.md").read_text().split("---", 2)[-1]
    (content / "_index.md").write_text('---\ntitle: "Aura — a calm day planner and cultural companion"\n---\n' + landing)
    (content / "culture" / "_index.md").write_text('---\ntitle: "Culture"\n---\n')
    for entry in entries:
        (content / "culture" / f"{entry['slug']}.md").write_text(front_matter(entry, True) + entry["body"])


def write_hugo_lean_corpus(folder, hugo_version):
    """The same Hugo site without the related-content lookup (Hugo's index of related pages is
    most of its time on this corpus), reading the content of the full site beside it."""
    folder.mkdir(parents=True)
    (folder / "hugo.toml").write_text('contentDir = "../hugo/content"\n' + hugo_config(hugo_version))
    for path, text in HUGO_LAYOUTS.items():
        start = text.find("  {{- $related :=")
        if start >= 0:
            end = text.index("  {{- end }}\n", text.index("</section>", start)) + len("  {{- end }}\n")
            text = text[:start] + text[end:]
        target = folder / "layouts" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)


# ---- end of corpus generator ----


def generator_hash(size, hugo_version):
    source = Path(__file__).read_text()
    start = source.index("# ---- corpus generator")
    end = source.index("# ---- end of corpus generator ----")
    digest = hashlib.sha256(source[start:end].encode())
    for extra in (str(size), ".".join(map(str, hugo_version)),
                  (CONTENT / "site.yml").read_text(), (CONTENT / "landing.md").read_text()):
        digest.update(b"\0" + extra.encode())
    return digest.hexdigest()


# The short-entry corpora: the same entries, each body cut to its first blocks (about a kilobyte
# of Markdown each, a third of a whole body), where the work per page weighs more than the Markdown.
SHORT_BLOCKS = 3


def short_body(body):
    """The first SHORT_BLOCKS blocks (paragraphs, lists, tables, headings) of `body`."""
    blocks = [block for block in body.split("\n\n") if block.strip()]
    return "\n\n".join(blocks[:SHORT_BLOCKS]) + "\n"


def ensure_corpus(size, hugo_version, short=False):
    """The corpus of `size` entries (only Aura's and cmark-gfm's copies of it when `short`)."""
    name = f"{size}-short" if short else str(size)
    folder = CORPUS_ROOT / name
    stamp = folder / ".generator-hash"
    wanted = generator_hash(size, hugo_version) + (f" short {SHORT_BLOCKS}" if short else "")
    if stamp.exists() and stamp.read_text().strip() == wanted:
        print(f"corpus {name}: up to date ({folder.relative_to(ROOT)})")
        return folder
    started = time.monotonic()
    if folder.exists():
        shutil.rmtree(folder)
    entries = [generate_entry(i) for i in range(size)]
    for entry in entries if short else []:
        entry["body"] = short_body(entry["body"])
    write_aura_corpus(folder / "aura", entries)
    if not short:
        write_hugo_corpus(folder / "hugo", entries, hugo_version)
        write_hugo_lean_corpus(folder / "hugo-lean", hugo_version)
    write_cmark_corpus(folder / "cmark", entries)
    words = sum(len(e["body"].split()) for e in entries)
    stamp.write_text(wanted + "\n")
    print(f"corpus {name}: generated {size} entries, {words / size:.0f} words per body on average, "
          f"in {time.monotonic() - started:.1f} s")
    return folder


def run(command, what, cwd=None):
    """Runs a set-up command, raising SetupError with its output if it fails."""
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SetupError(f"{what} failed (exit {result.returncode}): {shlex.join(map(str, command))}\n"
                         f"{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return result


def tool_versions():
    for tool in ("hugo", "cmark-gfm", "hyperfine"):
        if shutil.which(tool) is None:
            raise SetupError(f"'{tool}' is not installed; run 'sh scripts/deps.sh bench' (or 'make bench')")
    if not AURA.exists():
        raise SetupError(f"{AURA.relative_to(ROOT)} is missing; run 'make build' (or 'make bench')")
    hugo = run(["hugo", "version"], "hugo version").stdout.strip()
    match = re.search(r"v(\d+)\.(\d+)\.(\d+)", hugo)
    if not match:
        raise SetupError(f"cannot read the Hugo version from: {hugo}")
    hugo_version = tuple(int(part) for part in match.groups())
    if hugo_version < (0, 73):
        raise SetupError(f"Hugo {hugo} is too old: the 'term' page kind needs 0.73 or later")
    return {
        "hugo": hugo_version,
        "hugo_text": hugo.split(" BuildDate")[0],
        "cmark": run(["cmark-gfm", "--version"], "cmark-gfm --version").stdout.splitlines()[0].split(" - ")[0].strip(),
        "hyperfine": run(["hyperfine", "--version"], "hyperfine --version").stdout.strip(),
        "aura": run([str(AURA), "--version"], "aura --version").stdout.strip(),
    }


def cmark_args():
    """CMARK_ARGS plus footnotes, as `-e footnotes` or `--footnotes`, whichever this program offers."""
    extensions = subprocess.run(["cmark-gfm", "--list-extensions"], capture_output=True, text=True).stdout.split()
    if "footnotes" in extensions:
        return CMARK_ARGS + ["-e", "footnotes"]
    usage = subprocess.run(["cmark-gfm", "--help"], capture_output=True, text=True)
    if "--footnotes" in usage.stdout + usage.stderr:
        return CMARK_ARGS + ["--footnotes"]
    print("note: this cmark-gfm cannot enable footnotes; the baseline renders them as plain text")
    return CMARK_ARGS


def count_html(folder):
    return sum(1 for _ in Path(folder).rglob("*.html"))


def peak_run(name, size, command):
    """Runs `command` once under GNU time; returns the run and its peak resident memory in KB."""
    # GNU time reports the peak on a line of its own, after the command's output.
    run = subprocess.run(["/usr/bin/time", "-f", "peak-kb %M", "sh", "-c", command], capture_output=True, text=True)
    if run.returncode != 0:
        raise SetupError(f"{name} on {size} entries failed (exit {run.returncode}): {command}\n"
                         f"{run.stdout[-3000:]}{run.stderr[-3000:]}")
    peaks = re.findall(r"^peak-kb (\d+)$", run.stderr, re.MULTILINE)
    return run, int(peaks[-1]) if peaks else None


def measure_command(name, size, command, prepare, folder, args, pages_of=None, probe_sets_up=False):
    """Times `command` (a shell string) with hyperfine, after one untimed probe run that also
    serves as warm-up, checks the command works and decides how many runs a slow tool gets.
    The peak memory is the probe's, unless `probe_sets_up` (the probe makes what the timed runs
    start from, as the first build into the no-change row's folder does): then it is that of
    one more run made as the timed ones are."""
    if prepare:
        subprocess.run(prepare, shell=True, check=True)
    started = time.monotonic()
    probe, peak_kb = peak_run(name, size, command)
    probe_seconds = time.monotonic() - started
    if probe_sets_up:
        if prepare:
            subprocess.run(prepare, shell=True, check=True)
        _, peak_kb = peak_run(name, size, command)
    pages = pages_of(probe) if pages_of else None
    # Fast commands: 1 warm-up and 5 timed runs. Slow ones: the probe was the warm-up, and
    # 3 timed runs (2 when a run takes over three times --slow) keep the total bearable.
    slow = probe_seconds > args.slow
    runs = args.runs or (5 if not slow else 3 if probe_seconds <= 3 * args.slow else 2)
    warmup = args.warmup if args.warmup is not None else (0 if slow else 1)
    export = folder / f"hyperfine-{re.sub(r'[^a-z0-9]+', '-', name).strip('-')}.json"
    hyperfine = ["hyperfine", "--style", "basic", "--warmup", str(warmup), "--runs", str(runs),
                 "--export-json", str(export), "--command-name", f"{name} ({size})"]
    if prepare:
        hyperfine += ["--prepare", prepare]
    load = os.getloadavg()[0]
    print(f"\n== {name}, {size} entries: {runs} runs, {warmup} warm-up (probe {probe_seconds:.2f} s, load {load:.2f})")
    result = subprocess.run(hyperfine + [command])
    if result.returncode != 0:
        raise SetupError(f"hyperfine failed for {name} on {size} entries")
    stats = json.loads(export.read_text())["results"][0]
    cpu = (stats.get("user") or 0.0) + (stats.get("system") or 0.0)
    return {"tool": name, "size": size, "mean": stats["mean"], "stddev": stats["stddev"] or 0.0, "cores": cpu / stats["mean"],
            "runs": len(stats["times"]), "pages": pages, "load": load, "command": command, "prepare": prepare,
            "peak_mb": peak_kb / 1024 if peak_kb else None}


ROW_NAMES = {"hugo": "hugo", "hugo-lean": "hugo (lean)", "cmark": "cmark-gfm", "cold": "aura build (cold)",
             "no-change": "aura build (no change)", "one-change": "aura build (one change)", "check": "aura check"}


def bench_size(size, folder, args, short=False):
    """The rows of the corpus of `size` entries in `folder`; of a short-entry one, only
    cmark-gfm's and the cold build's."""
    aura_content = folder / "aura" / "Content"
    q = shlex.quote
    aura = q(str(AURA))
    common = f"--content {q(str(aura_content))} --templates {q(str(TEMPLATES))}"
    rows = []
    wanted = {ROW_NAMES[name] for name in args.rows}
    if short:
        wanted &= {"cmark-gfm", "aura build (cold)"}

    def measure(name, *rest, **named):
        if name in wanted:
            rows.append(measure_command(name, *rest, **named) | {"corpus": "short" if short else ""})

    # First `aura check`: its probe run is also the set-up check that the generated corpus
    # passes Aura's strict validation (a failure there is a set-up failure).
    def checked_pages(probe):
        match = re.search(r"Checked (\d+) pages", probe.stdout)
        return int(match.group(1)) if match else None

    measure("aura check", size, f"{aura} check {common}", None, folder, args, pages_of=checked_pages)

    # With --tmpfs every tool's output goes there, Hugo's too, so no row pays for the disk.
    outputs = Path(args.tmpfs) / "aura-bench" / folder.name if args.tmpfs else folder / "aura"
    outputs.mkdir(parents=True, exist_ok=True)
    hugo_site = folder / "hugo"
    hugo_public = outputs / "hugo-public" if args.tmpfs else hugo_site / "public"
    measure(
        "hugo", size,
        f"hugo --source {q(str(hugo_site))} --destination {q(str(hugo_public))} "
        "--cleanDestinationDir --ignoreCache --noBuildLock --quiet",
        f"rm -rf {q(str(hugo_public))} {q(str(hugo_site / 'resources'))}", folder, args,
        pages_of=lambda _: count_html(hugo_public))

    lean_site = folder / "hugo-lean"
    lean_public = outputs / "hugo-lean-public" if args.tmpfs else lean_site / "public"
    measure(
        "hugo (lean)", size,
        f"hugo --source {q(str(lean_site))} --destination {q(str(lean_public))} "
        "--cleanDestinationDir --ignoreCache --noBuildLock --quiet",
        f"rm -rf {q(str(lean_public))} {q(str(lean_site / 'resources'))}", folder, args,
        pages_of=lambda _: count_html(lean_public))

    bodies = folder / "cmark" / "bodies.md"
    measure("cmark-gfm", size, shlex.join(["cmark-gfm", *cmark_args(), str(bodies)]), None, folder, args,
            pages_of=lambda _: size)

    cold = outputs / "out-cold"
    warm = outputs / "out-warm"
    measure("aura build (cold)", size, f"{aura} build {common} --output {q(str(cold))} --quiet",
            f"rm -rf {q(str(cold))} {q(str(outputs / '.aura' / 'build' / cold.name))}", folder, args,
            pages_of=lambda _: count_html(cold))
    # The probe run builds out-warm from nothing; every timed run then rebuilds into it.
    subprocess.run(["rm", "-rf", str(warm)], check=True)
    measure("aura build (no change)", size, f"{aura} build {common} --output {q(str(warm))} --quiet",
            None, folder, args, pages_of=lambda _: count_html(warm), probe_sets_up=True)
    # Before each run one entry's body gains or loses a closing line, so every run rebuilds
    # after exactly one changed entry.
    entry = sorted((aura_content / "culture").glob("*.md"))[size // 2]
    toggle = ("python3 -c " + q("import sys, pathlib; p = pathlib.Path(sys.argv[1]); t = p.read_text(); "
                                "e = '\\nEdited for the benchmark.\\n'; p.write_text(t[:-len(e)] if t.endswith(e) else t + e)")
              + " " + q(str(entry)))
    original = entry.read_text()
    try:
        measure("aura build (one change)", size, f"{aura} build {common} --output {q(str(warm))} --quiet",
                toggle, folder, args, pages_of=lambda _: count_html(warm))
    finally:
        entry.write_text(original)
    # Order the table: the references first, then Aura.
    order = ["hugo", "hugo (lean)", "cmark-gfm", "aura build (cold)", "aura build (no change)", "aura build (one change)", "aura check"]
    return sorted(rows, key=lambda row: order.index(row["tool"]))


def table(rows):
    by_key = {(r["tool"], r["size"], r["corpus"]): r for r in rows}
    header = ["tool", "entries", "mean ± σ (s)", "runs", "pages", "pages/s", "cores", "peak MB", "of cold", "aura/hugo",
              "aura/hugo-lean", "aura/cmark-gfm"]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join([" --- "] * 2 + [" ---: "] * 10) + "|"]

    def share_of_cold(row):
        cold = by_key.get(("aura build (cold)", row["size"], row["corpus"]))
        if cold is None or "change)" not in row["tool"]:
            return "—"
        return f"{100 * row['mean'] / cold['mean']:.1f} %"

    def ratio(row, other):
        if row is None or other is None or not row["tool"].startswith("aura"):
            return "—"
        value = row["mean"] / other["mean"]
        # Relative errors add in quadrature for a quotient.
        spread = value * ((row["stddev"] / row["mean"]) ** 2 + (other["stddev"] / other["mean"]) ** 2) ** 0.5
        return f"{value:.2f} ± {spread:.2f}"

    for row in rows:
        pages = row["pages"]
        digits = 3 if row["mean"] >= 1 else 4
        lines.append("| " + " | ".join([
            row["tool"], f"{row['size']:,}" + (f" ({row['corpus']})" if row["corpus"] else ""), f"{row['mean']:.{digits}f} ± {row['stddev']:.{digits}f}", str(row["runs"]),
            f"{pages:,}" if pages else "?", f"{pages / row['mean']:,.0f}" if pages else "?", f"{row['cores']:.2f}",
            f"{row['peak_mb']:,.0f}" if row.get("peak_mb") else "?", share_of_cold(row),
            ratio(row, by_key.get(("hugo", row["size"], row["corpus"]))),
            ratio(row, by_key.get(("hugo (lean)", row["size"], row["corpus"]))),
            ratio(row, by_key.get(("cmark-gfm", row["size"], row["corpus"]))),
        ]) + " |")
    return "\n".join(lines)


def growth(rows):
    """Per tool, the exponent k in time ∝ entries^k between the smallest and largest corpus
    (1 is linear), from a least-squares fit of log time on log entries over every size."""
    lines = []
    for tool in dict.fromkeys(r["tool"] for r in rows):
        points = [(math.log(r["size"]), math.log(r["mean"])) for r in rows
                  if r["tool"] == tool and not r["corpus"] and r["mean"] > 0]
        if len(points) < 2:
            continue
        mx = sum(x for x, _ in points) / len(points)
        my = sum(y for _, y in points) / len(points)
        spread = sum((x - mx) ** 2 for x, _ in points)
        if spread > 0:
            lines.append(f"- {tool}: {sum((x - mx) * (y - my) for x, y in points) / spread:.2f}")
    return ("Growth exponent (time ∝ entries^k; 1 is linear):\n\n" + "\n".join(lines) + "\n\n") if lines else ""


def main():
    parser = argparse.ArgumentParser(description="Benchmark aura against hugo and cmark-gfm (see bench/README.md).")
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated corpus sizes (default: 1000,10000)")
    parser.add_argument("--runs", type=int, help="timed runs per command (default: 5; 3 when one run takes longer than --slow, 2 beyond 3 × --slow)")
    parser.add_argument("--warmup", type=int, help="hyperfine warm-up runs (default: 1, or 0 when slow; an untimed probe run always precedes)")
    parser.add_argument("--slow", type=float, default=20.0, help="seconds above which a command counts as slow (default: 20)")
    parser.add_argument("--tmpfs", metavar="DIR", help="write every tool's output under DIR (such as /dev/shm) instead of the corpus folder")
    parser.add_argument("--generate-only", action="store_true", help="generate and check the corpora, time nothing")
    parser.add_argument("--short-sizes", default="3000",
                        help=f"comma-separated sizes of corpora of short entries (each body's first {SHORT_BLOCKS} "
                             "blocks), timed for cmark-gfm and a cold build only (default: 3000; empty for none)")
    parser.add_argument("--rows", default=",".join(ROW_NAMES), type=lambda text: text.split(","),
                        help=f"which rows to time, comma-separated (default: all of {','.join(ROW_NAMES)}); "
                             "leave out hugo for large sizes, whose related-content index is quadratic")
    parser.add_argument("--serve-seconds", type=int, default=10, help="wrk run per serve row, 1 to 20 s (default: 10)")
    parser.add_argument("--serve-only", action="store_true", help="only the serve rows: aura serve and nginx under wrk")
    parser.add_argument("--no-serve", action="store_true", help="leave out the serve rows")
    parser.add_argument("--capture-only", action="store_true", help="only the capture row: aura parse over 10,000 lines")
    parser.add_argument("--deploy-only", action="store_true",
                        help="only the deploy rows: aura deploy of the largest --sizes corpus to moto's S3")
    parser.add_argument("--no-deploy", action="store_true", help="leave out the deploy rows")
    parser.add_argument("--soak-minutes", type=float, default=10, help="length of each soak row (default: 10)")
    parser.add_argument("--soak-only", action="store_true", help="only the soak rows: aura serve's memory under a lasting load")
    parser.add_argument("--no-soak", action="store_true", help="leave out the soak rows")
    args = parser.parse_args()
    if args.serve_only:
        return serve_report(args)
    if args.soak_only:
        return soak_report(args)
    if args.capture_only:
        return capture_report()
    try:
        sizes = [int(size) for size in args.sizes.split(",") if size.strip()]
        if not sizes or min(sizes) < 1:
            raise ValueError
    except ValueError:
        parser.error(f"--sizes: expected comma-separated positive numbers, got '{args.sizes}'")
    try:
        short_sizes = [int(size) for size in args.short_sizes.split(",") if size.strip()]
        if short_sizes and min(short_sizes) < 1:
            raise ValueError
    except ValueError:
        parser.error(f"--short-sizes: expected comma-separated positive numbers, got '{args.short_sizes}'")
    if args.deploy_only:
        return deploy_report(max(sizes))
    if args.runs is not None and args.runs < 2:
        parser.error("--runs: at least 2, so that a spread can be reported")

    try:
        versions = tool_versions()
        folders = {(size, False): ensure_corpus(size, versions["hugo"]) for size in sizes}
        folders |= {(size, True): ensure_corpus(size, versions["hugo"], short=True) for size in short_sizes}
        if args.generate_only:
            for (size, short), folder in folders.items():
                out = run([str(AURA), "check", "--content", str(folder / "aura" / "Content"), "--templates", str(TEMPLATES)],
                          f"aura check on the {folder.name}-entry corpus")
                print(f"corpus {folder.name}: {out.stdout.strip()}")
            return 0
        rows = []
        for (size, short), folder in folders.items():
            rows += bench_size(size, folder, args, short)
    except SetupError as error:
        print(f"\nbench: set-up failed: {error}", file=sys.stderr)
        return 1
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"\nbench: set-up failed: {error}", file=sys.stderr)
        return 1

    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    environment = (f"{now} · {os.cpu_count()} CPUs · {versions['aura']} · {versions['hugo_text']} · "
                   f"{versions['cmark']} · {versions['hyperfine']}\n\n"
                   "1-minute load average when each measurement started: "
                   + ", ".join(f"{r['tool']} {r['size']}: {r['load']:.1f}" for r in rows))
    report = (f"# Aura benchmark\n\n{environment}\n\n{table(rows)}\n\n{growth(rows)}"
              "Ratios are Aura's mean time divided by the other tool's on the same corpus: below 1 Aura is faster. "
              "pages = HTML files written (cmark-gfm: Markdown bodies rendered; aura check: pages rendered in memory). "
              "See bench/README.md.\n\nCommands (largest corpus; `prepare` runs before each timed run):\n\n"
              + "".join(f"- {r['tool']}: `{r['command']}`" + (f" (prepare: `{r['prepare']}`)" if r["prepare"] else "") + "\n"
                        for r in rows if r["size"] == max(sizes) and not r["corpus"]).replace(f"{ROOT}/", ""))
    print("\n" + report)
    results = CORPUS_ROOT / "results.md"
    results.write_text(report)
    print(f"written to {results.relative_to(ROOT)}; hyperfine JSON in bench/corpus/<N>/hyperfine-*.json")
    return (capture_report() or (0 if args.no_deploy else deploy_report(max(sizes)))
            or (0 if args.no_serve else serve_report(args)) or (0 if args.no_soak else soak_report(args)))


def capture_report():
    """The capture row, printed and written to bench/corpus/results-capture.md."""
    try:
        rows = bench_capture.run(AURA, CORPUS_ROOT)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"\nbench: capture set-up failed: {error}", file=sys.stderr)
        return 1
    report = f"# aura parse: capture speed\n\n{os.cpu_count()} CPUs · load average {os.getloadavg()[0]:.1f}\n\n{bench_capture.table(rows)}\n"
    print("\n" + report)
    (CORPUS_ROOT / "results-capture.md").write_text(report)
    return 0


def deploy_report(size):
    """The deploy rows for the `size`-entry corpus, printed and written to bench/corpus/results-deploy.md."""
    try:
        folder = ensure_corpus(size, tool_versions()["hugo"])
        content, site = folder / "aura" / "Content", folder / "aura" / "out-deploy"
        run([str(AURA), "build", "--quiet", "--content", str(content), "--templates", str(TEMPLATES),
             "--output", str(site)], f"aura build of the {size}-entry corpus for the deploy rows")
        rows = bench_deploy.run(AURA, content, site, folder)
    except (SetupError, OSError, subprocess.CalledProcessError) as error:
        print(f"\nbench: deploy set-up failed: {error}", file=sys.stderr)
        return 1
    report = (f"# aura deploy to moto's S3\n\n{size:,} entries · {os.cpu_count()} CPUs · "
              f"load average {os.getloadavg()[0]:.1f}\n\n{bench_deploy.table(rows)}\n\n"
              f"Command: `{rows[0]['command'].replace(f'{ROOT}/', '')}`; the first row deletes the target's "
              "manifest before each run. See bench/README.md.\n")
    print("\n" + report)
    (CORPUS_ROOT / "results-deploy.md").write_text(report)
    return 0


def server_rows(what, run):
    """The rows `run()` measures, or None once it has said why its set-up failed."""
    try:
        return run()
    except (bench_serve.ServeSetupError, OSError, subprocess.CalledProcessError) as error:
        print(f"\nbench: {what} set-up failed: {error}", file=sys.stderr)
        return None


def published(report, name):
    """Prints `report` and writes it to bench/corpus/`name`; 0, the report's exit status."""
    print("\n" + report)
    CORPUS_ROOT.mkdir(parents=True, exist_ok=True)
    (CORPUS_ROOT / name).write_text(report)
    return 0


def serve_report(args):
    """The serve rows, printed and written to bench/corpus/results-serve.md."""
    rows = server_rows("serve", lambda: bench_serve.run(AURA, CONTENT, TEMPLATES, args.serve_seconds))
    if rows is None:
        return 1
    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    nginx = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr.strip().removeprefix("nginx version: ")
    wrk = subprocess.run(["wrk", "--version"], capture_output=True, text=True).stdout.split(" Copyright")[0]
    report = (f"# aura serve beside nginx\n\n{now} · {os.cpu_count()} CPUs · {nginx} · {wrk} · "
              f"load average {os.getloadavg()[0]:.1f}\n\n{bench_serve.table(rows)}\n\n"
              f"Each row: `{rows[0]['command']}` for {args.serve_seconds} s after a 2 s warm-up, on loopback. "
              "Ratios are aura serve's figure divided by nginx's for the same kind of target (req/s: above 1 aura is faster; "
              "p99: below 1 aura is quicker). See bench/README.md.\n")
    return published(report, "results-serve.md")


def soak_report(args):
    """The soak rows, printed and written to bench/corpus/results-soak.md."""
    rows = server_rows("soak", lambda: bench_soak.run(AURA, CONTENT, TEMPLATES, args.soak_minutes))
    if rows is None:
        return 1
    report = (f"# aura serve's memory under a lasting load\n\n{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z} · "
              f"{os.cpu_count()} CPUs · "
              f"load average {os.getloadavg()[0]:.1f}\n\n{bench_soak.table(rows)}\n\n"
              "See scripts/bench_soak.py for what each soak does, and bench/README.md.\n")
    return published(report, "results-soak.md")


if __name__ == "__main__":
    sys.exit(main())
