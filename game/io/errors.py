"""One error type for bad input: it names the file, the place and what is wrong, in one line."""
from __future__ import annotations


class InputError(Exception):
    """Bad input from a file: ``file:line: what is wrong`` (or a place such as 'object 12')."""

    def __init__(self, file: str, where: str | int | None, what: str) -> None:
        self.file = str(file)
        self.where = "" if where is None else str(where)
        self.what = what
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f"{self.file}:{self.where}" if self.where else self.file
        return f"{place}: {self.what}"


class InputErrors(Exception):
    """Several InputErrors found in one pass (every mistake is reported, not just the first)."""

    def __init__(self, errors: list[InputError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))
