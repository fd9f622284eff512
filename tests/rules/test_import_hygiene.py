"""The rules core imports no textual, tinydb or rich; the command line imports no textual, and
no PDF library either (its fonts cost a command more than all its own work: bench/bench_cli.py).
pydantic is loaded: every fact read from the file is one of its models.

Each check runs in a fresh interpreter so that modules loaded by other tests do not count.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import titan_campaign.rules

RULES_DIR = Path(titan_campaign.rules.__file__).parent
RULES_MODULES = sorted(
    f"titan_campaign.rules.{path.stem}"
    for path in RULES_DIR.glob("*.py")
    if path.stem != "__init__"
)


def loaded_after(code: str, env: dict[str, str] | None = None) -> set[str]:
    """Top-level package names in ``sys.modules`` after running ``code`` in a new interpreter."""
    probe = (
        code
        + "\nimport json, sys\nprint(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


def test_the_rules_core_has_the_modules_this_test_expects():
    assert {
        "titan_campaign.rules.titan",
        "titan_campaign.rules.events",
        "titan_campaign.rules.sheet",
    } <= set(RULES_MODULES)


def test_importing_every_rules_module_loads_no_textual_tinydb_or_rich():
    code = "\n".join(f"import {module}" for module in RULES_MODULES)
    loaded = loaded_after(code)
    assert "titan_campaign" in loaded
    assert not loaded & {"textual", "tinydb", "rich"}


def test_using_the_rules_core_loads_no_textual_tinydb_or_rich():
    code = """
from titan_campaign.rules.events import AbilityBought, SchoolGained
from titan_campaign.rules.sheet import sheet_view
from titan_campaign.rules.titan import TitanLog
log = TitanLog.create("Thorn", "Ann", 200)
log, _ = log.do(AbilityBought(ability="power"))
log, _ = log.do(SchoolGained(school="water", level=1))
sheet_view(log.state, "Demo").to_json()
log.history()
"""
    assert not loaded_after(code) & {"textual", "tinydb", "rich"}


def test_the_command_line_printing_a_json_sheet_loads_no_textual_or_pdf(tmp_path):
    db = tmp_path / "campaign.json"
    code = f"""
import contextlib, io
from titan_campaign.cli import main
db = {str(db)!r}
out = io.StringIO()
with contextlib.redirect_stdout(out):
    assert main(["--db", db, "campaign", "new", "Demo", "--base-xp", "200"]) == 0
    assert main(["--db", db, "titan", "add", "Thorn", "--player", "Ann"]) == 0
    assert main(["--db", db, "spend", "Thorn", "ability", "power"]) == 0
    sheet = io.StringIO()
    with contextlib.redirect_stdout(sheet):
        assert main(["--db", db, "sheet", "Thorn", "--format", "json"]) == 0
import json
assert json.loads(sheet.getvalue())["abilities"]["power"] == 1
"""
    loaded = loaded_after(code)
    assert "titan_campaign" in loaded
    assert not loaded & {"textual", "fpdf"}


def test_the_command_line_history_and_text_sheet_load_no_textual_or_pdf(tmp_path):
    db = tmp_path / "campaign.json"
    code = f"""
import contextlib, io
from titan_campaign.cli import main
db = {str(db)!r}
with contextlib.redirect_stdout(io.StringIO()):
    assert main(["--db", db, "campaign", "new", "Demo", "--base-xp", "100"]) == 0
    assert main(["--db", db, "titan", "add", "Thorn", "--player", "Ann"]) == 0
    assert main(["--db", db, "spend", "Thorn", "school", "water"]) == 0
    assert main(["--db", db, "history", "Thorn"]) == 0
    assert main(["--db", db, "sheet", "Thorn"]) == 0
"""
    assert not loaded_after(code) & {"textual", "fpdf"}


def test_the_store_the_actions_and_printing_load_no_textual(tmp_path):
    db = tmp_path / "campaign.json"
    code = f"""
from pathlib import Path
import titan_campaign.store, titan_campaign.actions, titan_campaign.printing.render
from titan_campaign import actions
from titan_campaign.store import Database
db = Database(Path({str(db)!r}))
actions.new_campaign(db, "Demo", 200)
thorn = actions.add_titan(db, actions.find_campaign(db), "Thorn", "Ann").titan
actions.print_to_file(db, "sheet", "html", output=Path({str(tmp_path / "t.html")!r}), titan=thorn)
actions.print_to_file(db, "sheet", "pdf", output=Path({str(tmp_path / "t.pdf")!r}), titan=thorn)
"""
    assert "textual" not in loaded_after(code)


def test_the_app_starts_without_pdf():
    loaded = loaded_after("import titan_campaign.tui.app")
    assert "textual" in loaded
    assert "fpdf" not in loaded
