"""``lindisc selftest --families``: the size families' table joins the self-test report."""

import argparse

from derivations._interfaces import cli

from derivations._interfaces.commands import selftest


def test_the_families_option_runs_the_generator_and_prints_its_seed():
    ns = argparse.Namespace(families="quick", families_seed=5)
    fam = selftest._families(ns, progress=False)
    assert fam["seed"] == 5 and fam["ok"] and "size families (seed 5, quick)" in fam["table"]
    assert set(fam["counts"]) == {"newton", "cayley-hamilton", "gram", "rational"}
    assert all(c["wrongly verified"] == 0 for c in fam["counts"].values())
    assert selftest._families(argparse.Namespace(families="none", families_seed=None), False) is None


def test_the_selftest_parser_takes_the_families_options():
    parser = cli._parser()
    ns = parser.parse_args(["selftest", "--families", "full", "--families-seed", "3"])
    assert ns.families == "full" and ns.families_seed == 3
    assert parser.parse_args(["selftest"]).families == "quick"
