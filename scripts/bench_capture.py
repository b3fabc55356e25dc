"""The capture row of `make bench`: `aura parse` over 10,000 to-do lines.

The lines are the capture corpus's inputs (Tests/AuraPlannerTests/Fixtures/capture/), repeated
in a seeded shuffle to 10,000, given to one `aura parse --json` run as arguments, timed by
hyperfine beside `aura parse` of a single line (the process's own start-up, which the figure
per line leaves out).
"""

import json
import random
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests" / "AuraPlannerTests" / "Fixtures" / "capture"
LINES = 10_000


def corpus_lines():
    lines = []
    for path in sorted(CORPUS.glob("*/*.tsv")):
        for row in path.read_text(encoding="utf-8").splitlines():
            if row and not row.startswith("#"):
                lines.append(row.split("\t")[1])
    rng = random.Random("aura-bench-capture-1")
    return [rng.choice(lines) for _ in range(LINES)]


def run(aura, folder):
    """Times the two commands; returns the rows with mean and spread in seconds."""
    folder.mkdir(parents=True, exist_ok=True)
    arguments = folder / "capture-lines.json"
    arguments.write_text(json.dumps(corpus_lines()))
    base = f"{aura} parse --json --date 2026-12-02 --now 16:20"
    many = f"python3 -c 'import json,os,sys; os.execv(\"{aura}\", [\"aura\", \"parse\", \"--json\", \"--date\", \"2026-12-02\", \"--now\", \"16:20\", \"--\"] + json.load(open(\"{arguments}\")))' > /dev/null"
    one = f"{base} 'call Sam friday week around 10ish for 20-30 min' > /dev/null"
    results = folder / "hyperfine-capture.json"
    subprocess.run(["hyperfine", "--warmup", "1", "--runs", "10", "--export-json", str(results), "--command-name",
                    "parse 1 line", one, "--command-name", f"parse {LINES:,} lines", many],
                   check=True, capture_output=True)
    return [{"name": r["command"], "mean": r["mean"], "stddev": r["stddev"] or 0.0}
            for r in json.loads(results.read_text())["results"]]


def table(rows):
    one, many = rows
    per_line = (many["mean"] - one["mean"]) / LINES
    lines = ["| command | mean | ± |", "| --- | ---: | ---: |"]
    lines += [f"| {row['name']} | {row['mean'] * 1000:.0f} ms | {row['stddev'] * 1000:.0f} ms |" for row in rows]
    lines.append(f"\n{LINES:,} lines read in {many['mean']:.2f} s with start-up, "
                 f"{per_line * 1e6:.0f} µs a line without it ({1 / per_line:,.0f} lines/s).")
    return "\n".join(lines)
