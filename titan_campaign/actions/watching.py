"""What changed in the database since a version: how an open screen learns of a change made
elsewhere (the command line, a second app, another browser tab), as the store tells it."""

from ..store import Changes, Database


def changes_since(db: Database, version: int) -> Changes:
    """What the file's versions after ``version`` changed (``Changes.version``: the file's
    version now); ``Changes.whole`` when anything may have changed (a restore, say)."""
    return db.changes_since(version)
