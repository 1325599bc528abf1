"""`lindisc answer EXERCISE_ID ANSWER`: a student's answer against a catalog exercise.

``ANSWER`` is ``"NAME = VALUE"`` (or a value with ``--quantity NAME``): a number, ``sqrt(5)/2``,
a list ``[0, 1/8, 1/8]`` or a matrix by rows ``[[5, 3], [3, 5]]``. It is compared with the
exercise's verified solution under the equivalence the exercise needs (exact; a direction up
to a positive scale; a set of support vectors), with the typical mistake named when the
diagnosis library finds one (:mod:`derivations._userclaims.answers`). Exit codes: 0 correct;
1 incorrect, undecided, or the solution is not verified; 2 malformed input.
"""

from __future__ import annotations

import json
import sys

from ..options import UsageError
from .check import entry_ok, verification_options

HELP = "compare an answer with the verified solution of a catalog exercise"
EXAMPLE = "lindisc answer svm.exercise_solution ..."


def add_arguments(parser) -> None:
    """Options of `lindisc answer`."""
    parser.add_argument("exercise", metavar="EXERCISE_ID",
                        help="a catalog exercise, e.g. svm.exercise_solution")
    parser.add_argument("answer", metavar="ANSWER", nargs="?", default=None,
                        help="'NAME = VALUE', e.g. 'alpha = [0, 1/8, 1/8]'; without it, the "
                             "exercise's answerable values are listed")
    parser.add_argument("--quantity", default=None, metavar="NAME",
                        help="which value ANSWER gives, when ANSWER has no 'NAME ='")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    verification_options(parser, "the exercise")


def _listing(eid: str) -> str:
    from ..._userclaims.answers import QUANTITIES

    return "\n".join([f"{eid}: answerable values (lindisc answer {eid} 'NAME = VALUE'):"] +
                     [f"  {k:16s} {q.equivalence:10s} {q.meaning}" for k, q in QUANTITIES[eid].items()])


def run(ns) -> int:
    from ..._userclaims.errors import ClaimsError, Location

    from ..._userclaims.answers import QUANTITIES, check_answer

    if ns.answer is None:
        if ns.exercise not in QUANTITIES:
            raise UsageError(f"no answerable exercise {ns.exercise!r}; choose one of "
                             f"{', '.join(QUANTITIES)}")
        print(_listing(ns.exercise))
        return 0
    try:
        rec = check_answer(ns.exercise, ns.answer, quantity=ns.quantity,
                           where=Location("ANSWER"), entry_ok=entry_ok(ns), seed=ns.seed,
                           budget=ns.budget)
    except ClaimsError as exc:
        raise UsageError(str(exc)) from None
    if ns.format == "json":
        json.dump(rec, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        lines = [f"{rec['exercise']} — {rec['quantity']} ({rec['equivalence']}): {rec['status']}",
                 f"  your answer: {rec['answer']}"]
        if rec.get("detail"):
            lines.append(f"  {rec['detail']}")
        if rec.get("mistake"):
            lines.append(f"  typical mistake: {rec['mistake']}")
        print("\n".join(lines))
    return 0 if rec["status"] == "correct" else 1
