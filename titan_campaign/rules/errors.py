"""Domain errors: what a player did that the rules refuse, in words a player understands."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the Campaign Titan rules refuse. The message names the rule (R1...)."""


class Decision:
    """The answer to "may I?": ``ok`` and, when refused, the rule's ``reason``."""

    __slots__ = ("ok", "reason")

    def __init__(self, ok: bool, reason: str = "") -> None:
        self.ok = ok
        self.reason = reason

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return f"Decision(ok={self.ok!r}, reason={self.reason!r})"


class XPAlreadySpent(RuleError):
    """A correction or removal that would take back XP the Titan has already spent (R1:
    available XP is never negative); ``missing`` is how much is lacking, ``titan`` whose."""

    def __init__(self, message: str, titan: str, missing: int) -> None:
        super().__init__(message)
        self.titan = titan
        self.missing = missing
