"""Gradient descent and Newton's method as the documents state them.

Entries are added topic by topic; see derivations/DESIGN.md for what each kind must get."""

from __future__ import annotations
