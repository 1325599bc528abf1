"""Lagrange multipliers: the method and hermosillo2017's worked example.

Entries are added topic by topic; see derivations/DESIGN.md for what each kind must get."""

from __future__ import annotations
