"""Every relative link in the README, docs/ and hardware/ leads to a file inside the repository, and to a heading
if it names one: the docs stand alone, so a link out of the checkout (say to ../shared/) fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .support import DOCS, HARDWARE, ROOT

PAGES = sorted([ROOT / "README.md", *DOCS.rglob("*.md"), *HARDWARE.rglob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")}


def broken_links(page: Path, folder: Path | None = None) -> list[str]:
    """What is wrong with the page's relative links, read from `folder` (default: the page's own): each link out
    of the repository, to nothing, or to no heading."""
    folder = folder or page.parent
    wrong = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        destination = (folder / path).resolve() if path else page
        if not destination.is_relative_to(ROOT):
            wrong.append(f"{target} leads out of the repository")
        elif not destination.exists():
            wrong.append(f"{target} leads nowhere")
        elif anchor and anchor not in anchors(destination):
            wrong.append(f"{target}: no such heading")
    return wrong


def test_the_pages_checked_include_the_readme_and_the_rules() -> None:
    names = {str(page.relative_to(ROOT)) for page in PAGES}
    assert {"README.md", "docs/operator-guide.md", "docs/rules/README.md", "hardware/README.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_lead_somewhere_in_the_repository(page: Path) -> None:
    assert broken_links(page) == [], page.relative_to(ROOT)


def test_a_link_out_of_the_repository_or_to_nothing_fails(tmp_path: Path) -> None:
    page = ROOT / "docs" / "rules" / "README.md"
    outside = "[rules](../../../shared/RULES.md) [design](../../../shared/DESIGN.md#layers)"
    inside = "[guide](../operator-guide.md#no-such-heading) [gone](missing.md) [web](https://example.org/x.md)"
    copy = tmp_path / "page.md"
    copy.write_text(f"{outside} {inside}", encoding="utf-8")
    # Judged as if it lay where `page` lies: the same relative links, resolved from docs/rules/.
    assert broken_links(copy, page.parent) == [
        "../../../shared/RULES.md leads out of the repository",
        "../../../shared/DESIGN.md#layers leads out of the repository",
        "../operator-guide.md#no-such-heading: no such heading",
        "missing.md leads nowhere",
    ]


def test_slugs_are_githubs() -> None:
    assert slug(" Set-up: from the box to a running table") == "set-up-from-the-box-to-a-running-table"
    assert slug("A read-only root (optional, recommended for a café)") == (
        "a-read-only-root-optional-recommended-for-a-café"
    )
