"""The part of pytest that the firmware tests use, for MicroPython's Unix port (run_tests.py puts this folder on
its sys.path; CPython never sees it). MicroPython functions take no attributes, so marks live in PARAMS."""

PARAMS = {}  # test function -> [(argument name, [values])]


class _Raises:
    def __init__(self, kind):
        self.kind = kind
        self.value = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError("did not raise " + self.kind.__name__)
        if not issubclass(kind, self.kind):
            return False
        self.value = value
        return True


def raises(kind):
    return _Raises(kind)


class _Mark:
    @staticmethod
    def parametrize(names, values):
        if "," in names:
            raise NotImplementedError("mpy/pytest.py: parametrize over one argument only")

        def mark(fn):
            PARAMS.setdefault(fn, []).append((names.strip(), list(values)))
            return fn

        return mark


mark = _Mark()


def fixture(*args, **kwargs):
    raise NotImplementedError("mpy/pytest.py: fixtures are given by run_tests.py (FIXTURES)")
