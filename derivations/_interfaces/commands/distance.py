"""`lindisc distance --coef W --intercept B --points X`: your points against your
hyperplane: g(x), signed distance r = g(x)/‖w‖, projection x_⊥."""

from __future__ import annotations

from numerics.errors import LindiscError

from ..options import UsageError, _floats, _points

HELP = "signed distances of your points to your hyperplane w^T x + b = 0"
EXAMPLE = "lindisc distance --coef 3,4 --intercept=-5 --points '0,0;3,4'"


def add_arguments(parser) -> None:
    """Options of `lindisc distance`."""
    parser.add_argument("--coef", required=True, help="normal vector w, comma-separated: '1,2'")
    parser.add_argument("--intercept", default="0",
                        help="bias b (default 0); a negative one as --intercept=-5")
    parser.add_argument("--points", required=True, help="points separated by ';': '0,0;1,2'")


def run(ns) -> int:
    import warnings

    import numpy as np

    import numerics.geometry as ng

    coef = _floats(ns.coef, "--coef")
    pts = _points(ns.points)
    if len({len(p) for p in pts}) > 1:
        raise UsageError(f"every point needs the same number of coordinates; got lengths "
                         f"{[len(p) for p in pts]} in --points {ns.points!r}")
    (intercept,) = _floats(ns.intercept, "--intercept", fix="write one number like --intercept=-5")
    try:
        # Overflow is checked below on the results; numpy's warnings would only repeat it.
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            X = np.array(pts, dtype=float)
            g = ng.decision_function(X, coef=coef, intercept=intercept)
            r = ng.signed_distance(X, coef=coef, intercept=intercept)
            xp = ng.project_onto_hyperplane(X, coef=coef, intercept=intercept)
            o = ng.origin_distance(coef=coef, intercept=intercept)
    except (LindiscError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    bad = [k for k in range(len(pts)) if not (np.isfinite(g[k]) and np.isfinite(r[k])
                                               and np.all(np.isfinite(xp[k])))]
    if bad or not np.isfinite(o):
        raise UsageError(f"the result overflows a float (|value| > 1.8e308) for point "
                         f"{bad[0] + 1 if bad else 1} of --points {ns.points!r}; rescale w, b "
                         f"and the points by a common factor (the signed distance scales with "
                         f"the points, the side does not)")
    print(f"hyperplane w^T x + b = 0 with w = {coef}, b = {intercept:g}; "
          f"signed distance of the plane from the origin: {o + 0.0:.6g}")
    print(f"{'point':<28} {'g(x)':>12} {'r = g/||w||':>12}  side  projection x_perp")
    for p, gi, ri, q in zip(pts, g, r, xp):
        side = "R+" if gi >= 0 else "R-"
        print(f"{p!s:<28} {gi:>12.6g} {ri:>12.6g}  {side:<4}  {(np.round(q, 6) + 0.0).tolist()}")
    return 0
