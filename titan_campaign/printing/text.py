"""The Titan Character Sheet as plain text, at most 80 columns, readable in monochrome."""

from __future__ import annotations

import textwrap
from typing import Any

from ..rules.abilities import ABILITY_INFO
from ..rules.progress import progress_table
from .figures import (
    charge_boxes,
    charges_text,
    goal_steps,
    goal_summary,
    guard_slots,
    progress_rows,
)

WIDTH = 80
LEFT = 53  # width of the left column (abilities, schools)


def boxes(checked: int, total: int = 3) -> str:
    return "".join("[x]" if i < checked else "[ ]" for i in range(total))


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def _columns(left: list[str], right: list[str]) -> list[str]:
    rows = max(len(left), len(right))
    left = left + [""] * (rows - len(left))
    right = right + [""] * (rows - len(right))
    return [
        (_fit(a, LEFT - 1).ljust(LEFT) + _fit(b, WIDTH - LEFT)).rstrip()
        for a, b in zip(left, right)
    ]


def honor_guard_lines(data: dict[str, Any]) -> list[str]:
    """Three slots: a member, an open slot (blank line) or locked until its level (R9)."""
    return [
        f"slot {slot.number} (up to {slot.cap} pts): {slot.member or '_' * 15}"
        if slot.cap
        else f"slot {slot.number}: locked until level {slot.opens_at}"
        for slot in guard_slots(data)
    ]


def goal_lines(goal: dict[str, Any]) -> list[str]:
    """BUILD GOAL: what is wanted, what remains, and the steps in order, wrapped to 80."""
    lines = textwrap.wrap(f"BUILD GOAL: {goal['wanted']}", WIDTH, subsequent_indent="  ")
    lines += textwrap.wrap(goal_summary(goal), WIDTH, initial_indent="  ", subsequent_indent="  ")
    steps = "   ".join(step.replace(" ", "\u00a0") for step in goal_steps(goal))
    lines += [
        line.replace("\u00a0", " ")
        for line in textwrap.wrap(steps, WIDTH, initial_indent="  ", subsequent_indent="  ")
    ]
    return lines


def sheet_text(data: dict[str, Any]) -> str:
    xp = data["xp"]
    out: list[str] = []
    title = "TITAN CHARACTER SHEET"
    campaign = f"campaign: {data['campaign']}"
    out.append(_fit(title + campaign.rjust(WIDTH - len(title)), WIDTH))
    out.append(f"Titan Name: {data['name']}")  # at most 60 characters, so it always fits
    level = f"LEVEL {data['level']}"
    player = _fit(f"Player: {data['player']}", WIDTH - len(level) - 2)
    out.append(player + level.rjust(WIDTH - len(player)))
    if data.get("archived"):
        out.append("ARCHIVED (dead or retired)")
    out.append("=" * WIDTH)

    left = ["ABILITIES"]
    for key, value in data["abilities"].items():
        info = ABILITY_INFO[key]
        left.append(f"{boxes(value)} {info.title:<12} {info.sheet_text}")
    right = [
        "EXPERIENCE",
        f"Base XP:      {xp['base']:>6}",
        f"Earned XP:    {xp['earned']:>6}",
        f"Spent XP:     {xp['spent']:>6}",
        f"Available:    {xp['available']:>6}",
        f"To next level:{xp['to_next_level']:>6}",
        "",
        f"GOLD:         {data['gold']:>6}",
    ]
    out += _columns(left, right)
    out.append("")

    left = ["SPELL SCHOOLS"] + [f"{boxes(v)} {k.upper()}" for k, v in data["schools"].items()]
    right = [
        "PER GAME",
        f"Mana per turn:        {data['mana']}",
        f"Titan Power-factor:   {data['titan_power']}",
        f"Skill-5 strikes:      {data['skill_uses']}",
        f"Re-rolls per turn:    {data['rerolls']}",
        f"XP bonus:             {data['xp_bonus_percent']}%",
    ]
    out += _columns(left, right)
    out.append("")

    out.append(f"SPELLS ({len(data['spells'])})")
    if not data["spells"]:
        out.append("  (none yet)")
    for spell in data["spells"]:
        mark = " bonus" if spell["bonus"] else " bought" if spell["bought"] else ""
        line = f"  {spell['name']:<24} {spell['school'].title():<10} L{spell['level']}  {spell['mana']} Mana  {spell['cast']}{mark}"
        out.append(_fit(line, WIDTH))
    out.append("")

    out.append("MAGIC ITEMS")
    if not data["magic_items"]:
        out.append("  (none)")
    for item in data["magic_items"]:
        used, total = charge_boxes(item)
        charges = f", charges {boxes(used, total)}" if total else ""
        if item["charges"] is not None and not total:
            charges = f", {charges_text(item)}"
        legion = f", legion {item['legion']}" if item.get("legion") else ""
        out.append(_fit(f"  {item['name']} ({item['type']}{charges}{legion})", WIDTH))
        out += textwrap.wrap(
            item["description"], WIDTH, initial_indent="    ", subsequent_indent="    "
        )
    out.append("")

    out.append("HONOR GUARD")
    out += [f"  {line}" for line in honor_guard_lines(data)]
    out.append("")
    out.append("STARTING LEGIONS (next game)")
    for number, legion in enumerate(data["starting_legions"], start=1):
        out.append(_fit(f"  {number}: {', '.join(legion)}", WIDTH))
    for note in data.get("starting_legion_notes", []):
        out.append(_fit(f"  ! {note}", WIDTH))
    if data["pending"]:
        out.append("")
        out.append("CHOICES TO MAKE")
        out += [_fit(f"  - {choice['text']}", WIDTH) for choice in data["pending"]]
    if data.get("goal"):
        out.append("")
        out += goal_lines(data["goal"])
    if data.get("progress"):
        out += ["", "PROGRESS", *progress_table(progress_rows(data)).splitlines()]
    return "\n".join(line.rstrip() for line in out) + "\n"
