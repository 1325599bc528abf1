"""The hard-margin SVM: primal, Lagrangian, dual, support vectors, the exercise.

Entries are added topic by topic; see derivations/DESIGN.md for what each kind must get."""

from __future__ import annotations
