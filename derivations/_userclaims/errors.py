"""The one error a claims file can cause: :class:`ClaimsError`, with file, line and column."""

from __future__ import annotations

from dataclasses import dataclass

from numerics.errors import InvalidInput

__all__ = ["ClaimsError", "Location"]


@dataclass(frozen=True)
class Location:
    """Where a piece of text starts: ``file`` (a name for messages), 1-based ``line`` and
    ``column``. ``at(line, col)`` is the location of a position inside that text (1-based,
    relative to its start)."""

    file: str = "<input>"
    line: int = 1
    column: int = 1

    def at(self, line: int, column: int) -> "Location":
        if line <= 1:
            return Location(self.file, self.line, self.column + max(column, 1) - 1)
        return Location(self.file, self.line + line - 1, max(column, 1))


class ClaimsError(InvalidInput):
    """Malformed claims-file input; the message is ``file:line:column: what is wrong; the fix``.
    ``lindisc check`` exits 2 on it."""

    def __init__(self, message: str, where: Location | None = None):
        self.where = where or Location()
        self.file, self.line, self.column = self.where.file, self.where.line, self.where.column
        self.reason = message
        super().__init__(f"{self.file}:{self.line}:{self.column}: {message}")
