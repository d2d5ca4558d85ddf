"""Find every translatable string in the code and keep the catalogs in step with it.

A translatable string is the literal first argument of a `text(...)` call (table.games.text) anywhere under
`table/`; the extractor reads the code with `ast`, so it never runs it. Regenerate the template and update the
catalogs (new strings are added untranslated, strings gone from the code become obsolete `#~` entries):

    .venv/bin/python -m table.locale.extract          # writes pirate_table.pot, updates every .po
    .venv/bin/python -m table.locale.extract --check  # exit 1 if a catalog lacks a string or has a stale one
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

from table.games.text import LANGUAGES
from table.locale import DOMAIN, HERE, SOURCE_LANGUAGE, PoEntry, parse_po, po_path

ROOT = HERE.parent  # the `table` package
CALL = "text"


def extract(root: Path = ROOT) -> tuple[dict[str, list[str]], list[str]]:
    """msgid -> where it is used ("table/x.py:12"), and the `text()` calls whose first argument is no literal."""
    found: dict[str, list[str]] = {}
    bad: list[str] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(root.parent).as_posix()
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == CALL):
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.setdefault(first.value, []).append(f"{where}:{node.lineno}")
            else:
                bad.append(f"{where}:{node.lineno}")
    return found, bad


def problems(language: str, found: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """(msgids the catalog lacks or leaves untranslated, msgids it has that the code no longer uses)."""
    entries = [e for e in parse_po(po_path(language).read_text(encoding="utf-8")) if e.msgid and not e.obsolete]
    translated = {e.msgid for e in entries if e.msgstr and not e.fuzzy}
    missing = [msgid for msgid in found if msgid not in translated]
    stale = [e.msgid for e in entries if e.msgid not in found]
    return missing, stale


def _quote(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _header(language: str) -> str:
    lines = [
        "Project-Id-Version: pirate-table\\n",
        f"Language: {language}\\n",
        "MIME-Version: 1.0\\n",
        "Content-Type: text/plain; charset=UTF-8\\n",
        "Content-Transfer-Encoding: 8bit\\n",
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n",
    ]
    return 'msgid ""\nmsgstr ""\n' + "".join(f'"{line}"\n' for line in lines)


def _entry(entry: PoEntry, places: list[str]) -> str:
    prefix = "#~ " if entry.obsolete else ""
    out = [line for line in entry.comments if line.startswith("#.")]
    out += [f"#: {place}" for place in places]
    if entry.fuzzy:
        out.append("#, fuzzy")
    out.append(f"{prefix}msgid {_quote(entry.msgid)}")
    out.append(f"{prefix}msgstr {_quote(entry.msgstr)}")
    return "\n".join(out) + "\n"


def render_po(language: str, entries: list[PoEntry], found: dict[str, list[str]]) -> str:
    parts = [_header(language)]
    parts += [_entry(entry, found.get(entry.msgid, []) if not entry.obsolete else []) for entry in entries]
    return "\n".join(parts)


def update(language: str, found: dict[str, list[str]]) -> str:
    """The catalog of `language` brought in step with the code: translations kept, new strings added."""
    path = po_path(language)
    old = {e.msgid: e for e in parse_po(path.read_text(encoding="utf-8")) if e.msgid} if path.exists() else {}
    entries = [old.get(msgid) or PoEntry(msgid) for msgid in found]
    for entry in entries:
        entry.obsolete = False
    entries += [PoEntry(e.msgid, e.msgstr, e.fuzzy, True) for e in old.values() if e.msgid not in found and e.msgstr]
    return render_po(language, entries, found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Extract the table's strings; update or check the catalogs.")
    parser.add_argument("--check", action="store_true", help="only report; exit 1 on any problem")
    args = parser.parse_args(argv)
    found, bad = extract()
    failed = bool(bad)
    for place in bad:
        print(f"{place}: text() needs a literal string as its first argument")
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        if not args.check:
            path = po_path(language)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(update(language, found), encoding="utf-8")
        missing, stale = problems(language, found)
        failed |= bool(missing or stale)
        print(f"{language}: {len(found) - len(missing)}/{len(found)} translated, {len(stale)} stale")
    if not args.check:
        template = [PoEntry(msgid) for msgid in found]
        (HERE / f"{DOMAIN}.pot").write_text(render_po("", template, found), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
