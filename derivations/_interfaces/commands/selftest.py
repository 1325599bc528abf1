"""`lindisc selftest [ID|TOPIC ...]`: the mutation suite: is every wrong variant of a
verified claim refuted?"""

from __future__ import annotations

import json
import random
import sys

from ..entries import select
from ..workers import SELFTEST_HARD_LIMIT, _pool_map, _selftest_fallback, _selftest_one, selftest_items
from ..options import _per_claim, _seed, common

HELP = "the mutation suite: is every wrong variant of a verified claim refuted?"
EXAMPLE = "lindisc selftest geometry"


def add_arguments(parser) -> None:
    """Options of `lindisc selftest`."""
    parser.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.add_argument("--per-claim", type=_per_claim, default=None, metavar="N",
                        help="attack a seeded sample of at most N mistake-library mutants per claim "
                             "(size and constant mutants: always all); default: every mutant")
    parser.add_argument("--families", choices=("quick", "full", "none"), default="quick",
                        help="the size families (Newton, Cayley-Hamilton, Gram, rational in d; "
                             "false from a known size): 3 drawn k per family (quick, the default), "
                             "every k (full), or none")
    parser.add_argument("--families-seed", type=_seed, default=None, metavar="N",
                        help="seed for the families' k and written forms (default: a new one, printed)")
    common(parser, budget=False, cache=False)


def run(ns) -> int:
    from ..._verdicts.selftest import merge

    ids = select(ns.ids)
    progress = sys.stderr.isatty() and ns.format != "json"
    parts = [p for _, p in _pool_map(_selftest_one, selftest_items(ids, ns.seed, ns.per_claim), ns.jobs,
                                     progress, "selftest", fallback=_selftest_fallback,
                                     hard_limit=SELFTEST_HARD_LIMIT)]
    rep = merge(parts)
    fam = _families(ns, progress)
    if fam is not None:
        rep["families"] = fam
    if ns.format == "json":
        json.dump(rep, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(f"claims mutated: {rep['claims']}  mutants: {rep['mutants']}  "
              f"equivalent: {rep['equivalent']}  killed: {rep['killed']}  "
              f"survivors: {len(rep['survivors'])}  false refutations: {rep['false_refutations']}  "
              f"(ill-typed mutants set aside: {rep['ill_typed']})")
        if rep["not_sampled"]:
            print(f"sampled: {ns.per_claim} library mutants per claim (seed {ns.seed}); "
                  f"{rep['not_sampled']} not attacked this run (size and constant mutants: all)")
        print(f"killed / non-equivalent = {rep['killed_ratio']:.2%} (target >= 98%)")
        print("each method alone on every mutant (wrongly proved must be 0):")
        print(f"  {'method':<14}{'attacked':>10}{'proved':>9}{'killed':>9}{'wrongly proved':>16}")
        for name, c in rep["methods"].items():
            print(f"  {name:<14}{c['attacked']:>10}{c['proved']:>9}{c['killed']:>9}"
                  f"{c['wrongly_proved']:>16}")
        for b in rep["soundness_bugs"]:
            print(f"  SOUNDNESS BUG: {b['proved_by']} proved {b['id']} [{b['claim']}] {b['mutation']}; "
                  f"{b['refuted_by']} refutes it: {b['refutation']}")
        for inc in rep["incomplete"]:
            print(f"  incomplete: {inc['id']}: {inc['reason']}")
        for s in rep["survivors"]:
            print(f"  survivor: {s['id']} [{s['claim']}] {s['mutation']}")
        if fam is not None:
            print(fam["table"])
    ok = (rep["killed_ratio"] >= 0.98 and rep["false_refutations"] == 0 and not rep["incomplete"]
          and not rep["soundness_bugs"])
    if fam is not None:
        ok = ok and fam["ok"]
    return 0 if ok else 1


def _families(ns, progress: bool) -> dict | None:
    """The size families (``_verdicts/families.py``): new k and written forms from a seed drawn
    per run unless ``--families-seed`` fixes it; the seed is printed with the table."""
    if ns.families == "none":
        return None
    from ..._verdicts.families import format_table, run_families

    seed = ns.families_seed if ns.families_seed is not None else random.SystemRandom().randrange(10**6)
    res = run_families(seed, quick=ns.families == "quick")
    bad = [m for m in res["members"]
           if m.outcome in ("wrongly verified", "other", "refuted a true member")]
    return {"seed": seed, "mode": ns.families, "counts": res["families"],
            "ok": not any(c["wrongly verified"] or c["refuted a true member"]
                          for c in res["families"].values()),
            "unexpected": [{"member": m.label, "status": m.status, "at": m.at,
                            "predicted": m.fails_from, "outcome": m.outcome} for m in bad],
            "table": format_table(res)}
