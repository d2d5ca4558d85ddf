"""The mark file beside a database: the number written last, read back; nothing for a missing or cut file."""

from __future__ import annotations

from pathlib import Path

from table.store.seq_mark import read_mark, write_mark


def test_a_number_written_is_read_back_and_replaced_whole(tmp_path: Path) -> None:
    mark = tmp_path / "table.log-mark"
    assert read_mark(mark) is None and read_mark(None) is None
    write_mark(mark, 41)
    write_mark(mark, 42)
    assert read_mark(mark) == 42 and mark.read_text() == "42\n"
    assert not mark.with_suffix(".tmp").exists()


def test_a_file_cut_short_reads_as_no_mark_and_a_failed_write_passes(tmp_path: Path) -> None:
    mark = tmp_path / "mark"
    mark.write_text("4x")  # a power cut in the middle of a write of an older release
    assert read_mark(mark) is None
    write_mark(tmp_path / "no-such-folder" / "mark", 7)  # the database says a full disk; the mark never stops it
    write_mark(None, 7)
