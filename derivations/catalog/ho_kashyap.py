"""The Ho-Kashyap procedure: Y a = b > 0, its updates, separable and non-separable data.

Entries are added topic by topic; see derivations/DESIGN.md for what each kind must get."""

from __future__ import annotations
