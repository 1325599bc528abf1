"""Relaxation criteria J_q and J_r (with margin) and the relaxation-with-margin algorithms.

Entries are added topic by topic; see derivations/DESIGN.md for what each kind must get."""

from __future__ import annotations
