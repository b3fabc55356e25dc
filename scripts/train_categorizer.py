#!/usr/bin/env python3
"""Trains Aura's category model from the labelled corpus and writes its weights.

The model is multinomial naive Bayes over the words of a line, its word pairs and its opening
word. The corpus is Tests/AuraPlannerTests/Fixtures/corpus/*.tsv (category<TAB>line); a line
whose FNV-1a hash is divisible by 5 is held out (about 20 %) and never read here beyond being
skipped. The weights go to Sources/AuraPlanner/Resources/category-weights.tsv, a table the
Swift code parses; the package embeds it in the binary (`.embedInCode`), so no resource bundle
ships beside `aura`.

  python3 scripts/train_categorizer.py            write the weights
  python3 scripts/train_categorizer.py --check    exit 1 if the shipped weights differ
  python3 scripts/train_categorizer.py --cv       5-fold cross-validation on the training part

Standard library only. Output is byte-for-byte deterministic.
"""
import math
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests/AuraPlannerTests/Fixtures/corpus"
WEIGHTS = ROOT / "Sources/AuraPlanner/Resources/category-weights.tsv"
CATEGORIES = ["deep-work", "admin", "health", "culture"]
ALPHA = 0.5        # additive smoothing (0.1–0.5 cross-validate within 0.3 points)
MIN_COUNT = 1      # 5-fold cross-validation on the training part: 91.5 % with 1, 89.7 % with 2


def fnv1a(text):
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def held_out(text):
    return fnv1a(text) % 5 == 0


def tokens(text):
    return re.findall(r"[^\W_]+", text.lower().replace("'", "").replace("\u2019", ""))


def features(text):
    words = tokens(text)
    found = set(words) | {a + " " + b for a, b in zip(words, words[1:])}
    if words:
        found.add("^" + words[0])
    return found


def corpus():
    rows = []
    for path in sorted(CORPUS.glob("*.tsv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line or line.startswith("#"):
                continue
            category, text = line.split("\t")
            if category not in CATEGORIES:
                sys.exit(f"{path.name}:{number}: unknown category {category!r}")
            rows.append((category, text))
    return rows


def train(rows):
    lines = {c: 0 for c in CATEGORIES}
    counts = {}
    for category, text in rows:
        lines[category] += 1
        for feature in features(text):
            counts.setdefault(feature, {c: 0 for c in CATEGORIES})[category] += 1
    kept = {f: by for f, by in counts.items() if sum(by.values()) >= MIN_COUNT}
    totals = {c: sum(by[c] for by in kept.values()) for c in CATEGORIES}
    denominator = {c: totals[c] + ALPHA * len(kept) for c in CATEGORIES}
    prior = {c: math.log(lines[c] / len(rows)) for c in CATEGORIES}
    unseen = {c: math.log(ALPHA / denominator[c]) for c in CATEGORIES}
    weights = {f: {c: math.log((by[c] + ALPHA) / denominator[c]) for c in CATEGORIES} for f, by in kept.items()}
    return prior, unseen, weights


def predict(model, text):
    prior, unseen, weights = model
    score = dict(prior)
    for feature in features(text):
        if feature in weights:
            for c in CATEGORIES:
                score[c] += weights[feature][c]
    return max(CATEGORIES, key=lambda c: score[c])


def render(model, rows):
    prior, unseen, weights = model

    def row(name, by):
        return name + "\t" + "\t".join(f"{by[c]:.4f}" for c in CATEGORIES)

    table = ["\t".join(["category"] + CATEGORIES), row("prior", prior), row("unseen", unseen)]
    table += [row(f, weights[f]) for f in sorted(weights)]
    return "\n".join(table) + "\n"


def cross_validate(rows, folds=5):
    correct = 0
    for fold in range(folds):
        test = [r for i, r in enumerate(rows) if i % folds == fold]
        model = train([r for i, r in enumerate(rows) if i % folds != fold])
        correct += sum(predict(model, text) == category for category, text in test)
    print(f"{folds}-fold cross-validation on {len(rows)} training lines: {100 * correct / len(rows):.1f} %")


def main():
    rows = corpus()
    training = [r for r in rows if not held_out(r[1])]
    if "--cv" in sys.argv:
        cross_validate(training)
        return
    text = render(train(training), training)
    if "--check" in sys.argv:
        if WEIGHTS.read_text(encoding="utf-8") != text:
            sys.exit(f"{WEIGHTS.relative_to(ROOT)} is not what the corpus trains: run `make categorizer`")
        print(f"weights match the corpus ({len(training)} training lines, {len(rows) - len(training)} held out)")
        return
    WEIGHTS.write_text(text, encoding="utf-8")
    print(f"wrote {WEIGHTS.relative_to(ROOT)}: {len(training)} training lines, {len(rows) - len(training)} held out")


if __name__ == "__main__":
    main()
