"""Layer 3 — what is claimed, as plain data (how each kind is decided: :mod:`.._decide.kinds`).

``claims`` (Equal, Rel, Iff, Exists, ...: their fields, sides and what the data defines),
``statement`` (what a catalog entry's builder returns: claims, derivation steps,
the erratum as printed, numeric agreements), ``tautology`` (claims true by construction,
refused), ``mistakes`` (typical mistakes as mutations of a claim's expression tree).
"""
