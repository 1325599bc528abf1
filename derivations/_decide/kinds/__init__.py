"""How each kind of claim is decided: one module per kind, found by the claim's type.

A claim (:mod:`derivations._claims.claims`) is plain data: what is claimed, its symbols, its
conditions. :func:`decider` finds the :class:`~.base.Decider` of its kind (the nearest type in
its class's MRO: an ``EigenPair`` is decided as the ``Equal`` it is), and the methods ask
that: ``decider(claim).identity(inst)``. A new kind of claim is a data class and a decider
module here, registered in :data:`DECIDERS`.
"""

from __future__ import annotations

from ..._claims.claims import (Behaviour, Equal, Exists, Iff, IsPSD, LagrangePoints, Rel, SameSign,
                               SphereMax, Stationary)
from .base import Decider, Undecidable
from .behaviour import BehaviourDecider
from .equal import EqualDecider
from .exists import ExistsDecider
from .iff import IffDecider
from .lagrange import LagrangeDecider
from .psd import IsPSDDecider
from .rel import RelDecider
from .same_sign import SameSignDecider
from .sphere_max import SphereMaxDecider
from .stationary import StationaryDecider

__all__ = ["DECIDERS", "Decider", "Undecidable", "decider"]

#: The decider of each kind of claim.
DECIDERS: dict[type, type[Decider]] = {
    Equal: EqualDecider, Rel: RelDecider, SameSign: SameSignDecider, IsPSD: IsPSDDecider,
    Stationary: StationaryDecider, SphereMax: SphereMaxDecider, Iff: IffDecider,
    Exists: ExistsDecider, LagrangePoints: LagrangeDecider, Behaviour: BehaviourDecider,
}


def decider(claim) -> Decider:
    """The decider of ``claim``'s kind, holding it."""
    for kind in type(claim).__mro__:
        got = DECIDERS.get(kind)
        if got is not None:
            return got(claim)
    raise TypeError(f"no decider for a claim of kind {type(claim).__name__}: add one to "
                    "derivations._decide.kinds and register it in DECIDERS")
