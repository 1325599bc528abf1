"""The sigmoid, logistic and softmax regression: identities, gradients, Hessians, IRLS.

Entries are added topic by topic; see derivations/DESIGN.md for what each kind must get."""

from __future__ import annotations
