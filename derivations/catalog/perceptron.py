"""The perceptron: normalisation, solution region and margin, the criterion J_p, batch and single-sample updates, fixed-increment convergence (Novikoff), separability, the dual perceptron.

Entries are added topic by topic; see derivations/DESIGN.md for what each kind must get."""

from __future__ import annotations
