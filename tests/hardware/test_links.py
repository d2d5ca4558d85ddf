"""Every relative link in the hardware docs and the operator guide leads to a file, and to a heading if it names one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .support import DOCS, HARDWARE

PAGES = sorted([*DOCS.glob("*.md"), *HARDWARE.rglob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(HARDWARE.parent)))
def test_relative_links_lead_somewhere(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        assert destination.exists(), f"{page.name}: {target} leads nowhere"
        if anchor:
            assert anchor in anchors(destination), f"{page.name}: {target}: no such heading"


def test_slugs_are_githubs() -> None:
    assert slug(" Set-up: from the box to a running table") == "set-up-from-the-box-to-a-running-table"
    assert slug("A read-only root (optional, recommended for a café)") == (
        "a-read-only-root-optional-recommended-for-a-café"
    )
