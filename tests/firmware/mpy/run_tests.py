"""Runs firmware host tests under MicroPython's Unix port: `micropython run_tests.py FIRMWARE TESTS MODULE...`,
where MODULE may be `name:k/n` for every n-th of its tests from the k-th on (to share a long module out).

The real firmware modules (FIRMWARE first on sys.path) meet the same fakes (TESTS/fw_fakes.py) and the same test
functions as under CPython, with this folder's stand-ins for pytest and hypothesis. One line per test,
'PASS module.test[param] (N ms)' or 'FAIL ...' followed by the traceback, then 'N passed, N failed'.
test_fw_micropython.py runs this and checks that every test of each module passed here too.
"""

import json
import re
import sys
import time

import hypothesis
import pytest

FIRMWARE, TESTS = sys.argv[1], sys.argv[2]
# The firmware first, as on the Pico; then the fakes and this folder. Nothing else: no ~/.micropython/lib or
# /usr/lib/micropython, where micropython-lib packages (typing, dataclasses, ...) would hide what the Pico lacks.
sys.path[:] = [FIRMWARE, TESTS, sys.path[0]]


def _vectors():
    with open(FIRMWARE + "/protocol-vectors.json") as f:
        return json.load(f)


FIXTURES = {"vectors": _vectors}  # conftest.py's fixtures, by name


def arguments(module):
    """test name -> its argument names, read from the source (MicroPython functions do not tell them)."""
    out = {}
    with open(TESTS + "/" + module + ".py") as f:
        for line in f:
            m = re.match(r"def (test_\w+)\(([^)]*)\)", line)
            if m:
                out[m.group(1)] = [a.strip() for a in m.group(2).split(",") if a.strip()]
    return out


def cases(module):
    """(name, function, keyword arguments) for every test of the module, parametrized ones once per value."""
    mod = __import__(module)
    out = []
    for name, args in sorted(arguments(module).items()):
        fn = getattr(mod, name)
        if fn in hypothesis.GIVEN:
            args = []  # @given draws them
        params = dict(pytest.PARAMS.get(fn, ()))
        kw = {}
        for a in args:
            if a in FIXTURES:
                kw[a] = FIXTURES[a]()
            elif a not in params:
                raise NotImplementedError(name + ": no stand-in for the fixture " + a)
        if not params:
            out.append((name, fn, kw))
            continue
        (p, values) = next(iter(params.items()))
        for k, v in enumerate(values):
            one = dict(kw)
            one[p] = v
            out.append((name + "[" + str(k) + "]", fn, one))
    return out


def main():
    passed = failed = 0
    for spec in sys.argv[3:]:
        module, _, shard = spec.partition(":")
        k, n = [int(x) for x in shard.split("/")] if shard else (0, 1)
        try:
            found = cases(module)[k::n]
        except Exception as e:  # the module does not even import: every test of it fails
            print("FAIL " + module + " (import)")
            sys.print_exception(e, sys.stdout)
            failed += 1
            continue
        for name, fn, kw in found:
            t0 = time.ticks_ms()
            try:
                fn(**kw)
            except Exception as e:
                print("FAIL " + module + "." + name)
                sys.print_exception(e, sys.stdout)
                failed += 1
            else:
                print("PASS " + module + "." + name + " (" + str(time.ticks_diff(time.ticks_ms(), t0)) + " ms)")
                passed += 1
    print(str(passed) + " passed, " + str(failed) + " failed")
    sys.exit(1 if failed else 0)


main()
