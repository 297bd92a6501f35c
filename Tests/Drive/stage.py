"""What the two scripts of this folder share: the failure a check raises and
the loop that runs checks and prints the stage's closing line
("NAME: N passed, N failed", read by scripts/run-tests.sh)."""
import subprocess


class Failure(Exception):
    pass


def run_checks(stage, checks):
    """Runs each (name, thunk) pair; a thunk returns a short note or raises.
    Returns the exit status: 0 only when at least one check ran and none failed."""
    passed = failed = 0
    for name, thunk in checks:
        try:
            note = thunk()
            passed += 1
            print(f"ok   {name}: {note}")
        except (Failure, subprocess.TimeoutExpired, ValueError, KeyError, IndexError) as e:
            failed += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}")
    print(f"{stage}: {passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1
