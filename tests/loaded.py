"""A loader's `(rules, problems)` result checked in one place: the test fails listing the problems."""


def clean(result):
    """The rules of a load that must read without a single problem."""
    rules, problems = result
    assert rules is not None and not problems, [str(p) for p in problems]
    return rules


def usable(result):
    """The rules of a load that must give rules (problems that only warn are allowed)."""
    rules, problems = result
    assert rules is not None, [str(p) for p in problems]
    return rules
