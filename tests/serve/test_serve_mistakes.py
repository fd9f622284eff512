"""``titan-campaign serve`` typed wrong: one `error:` line, exit 1, nothing served and the
database byte-for-byte as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import serve
from titan_campaign.cli import main

from .conftest import make_campaign


def never_served(*args: object, **kwargs: object) -> None:
    raise AssertionError("the game night was served")


def test_serving_a_campaign_that_is_not_there_is_refused_naming_the_campaigns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "campaigns.json"
    make_campaign(db, ("Thorn", "Ann"))
    before = db.read_bytes()
    monkeypatch.setattr(serve, "serve_game_night", never_served)
    capsys.readouterr()
    assert main(["--db", str(db), "serve", "--campaign", "Iron Crwn", "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith('error: no campaign named "Iron Crwn"'), err
    assert "Iron Crown" in err
    assert db.read_bytes() == before


def test_a_host_name_that_is_no_address_is_refused_saying_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "campaigns.json"
    make_campaign(db, ("Thorn", "Ann"))
    before = db.read_bytes()
    capsys.readouterr()
    assert main(["--db", str(db), "serve", "--host", "999.1.1.1", "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "999.1.1.1 is no address" in err and "another program" not in err, err
    assert db.read_bytes() == before


def test_the_database_is_named_to_the_host_with_an_escape_sequence_shown_never_sent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from titan_campaign.serve.announce import announce

    announce(Path("/tmp/x\x1b[31mred.json"), "127.0.0.1", 8000, None, [], "Campaign Titan")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "from /tmp/x\\x1b[31mred.json" in out, out
