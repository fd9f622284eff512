"""What can be printed, in which formats, and what each printout is called (no PDF library
needed to ask)."""

KINDS: dict[str, tuple[str, ...]] = {
    "sheet": ("text", "json", "html", "pdf", "svg"),
    "blank": ("html", "pdf", "svg"),
    "cards": ("html", "pdf"),
    "game-card": ("text", "html", "pdf"),
    "campaign": ("html", "pdf"),
}
"""What can be printed, and in which formats."""

TITLES = {
    "sheet": "a Titan Character Sheet",
    "blank": "a blank sheet",
    "cards": "a set of spell cards",
    "game-card": "a game-night card",
    "campaign": "a campaign printout",
}
