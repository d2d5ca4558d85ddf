"""A stand-in for hypothesis under MicroPython's Unix port: @given draws EXAMPLES random examples (edge cases
first) from the few strategies in strategies.py. No shrinking: a failure prints the example it failed on."""

EXAMPLES = 60
GIVEN = []  # the test functions @given made: they take no arguments any more


def settings(**kwargs):
    return lambda fn: fn


def given(*strategies):
    def wrap(fn):
        def run():
            for k in range(EXAMPLES):
                args = [s(k) for s in strategies]
                try:
                    fn(*args)
                except Exception:
                    print("falsifying example:", args)
                    raise

        GIVEN.append(run)
        return run

    return wrap
