"""pytest-xdist's file scheduler (``--dist loadfile``, the project's setting), except after a worker dies.

When a worker process dies (killed, out of memory, a crash in a library), pytest-xdist reports the test it was
running as failed and starts a new worker; its scheduler (3.8) then hands out again every file the dead worker
had run, finished ones included, as empty units of work that never complete, and the run waited forever at the
end with every worker idle. This one hands back only what was left: the rest of the file the worker died in
(after the test that killed it, which is not run again to kill another) and the files it had not started, first
in line as they were. It also keeps each worker two tests ahead when it can: a worker starts a test only once it
knows the next one (or that there is none), so a new worker handed a file of one test would otherwise wait.

A pytest plugin: the project's conftest.py registers it in the controller; `pytest -p xdist_scheduling` with this
folder on the import path does the same for any run.
"""

from __future__ import annotations

from typing import Any

import pytest


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The scheduler below under ``--dist loadfile``; pytest-xdist's own otherwise."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    # It reads pytest-xdist's own scheduler state: a release that keeps it otherwise gets xdist's scheduler back.
    if not all(hasattr(LoadFileScheduling, name) for name in _RELIES_ON):
        return None
    return _scheduler_class()(config, log)


#: What of pytest-xdist's file scheduler (3.8) the one below uses besides its attributes set per run.
_RELIES_ON = ("remove_node", "_reschedule", "_pending_of", "_assign_work_unit")


def _scheduler_class() -> type:
    """pytest-xdist's file scheduler, with the two changes above (made on first use: xdist is imported then)."""
    from xdist.scheduler import LoadFileScheduling

    class AfterCrashes(LoadFileScheduling):
        def remove_node(self, node: Any) -> str | None:
            """Forget a worker that ended; when it died mid-work, queue what it left and return its test."""
            workload = self.assigned_work.pop(node)
            left = {scope: unit for scope, unit in workload.items() if not all(unit.values())}
            if not left:
                return None
            first = next(iter(left.values()))  # its files run in order: it died in the first one unfinished
            crashed = next(nodeid for nodeid, done in first.items() if not done)
            first[crashed] = True  # reported failed by xdist, and not run again
            for scope, unit in reversed([(s, u) for s, u in left.items() if not all(u.values())]):
                self.workqueue[scope] = unit
                self.workqueue.move_to_end(scope, last=False)
            for other in self.assigned_work:
                self._reschedule(other)
            return crashed

        def _reschedule(self, node: Any) -> None:
            """xdist's rule (more work when two tests or fewer are left), then more until two are."""
            super()._reschedule(node)
            while not node.shutting_down and self.workqueue and self._pending_of(self.assigned_work[node]) < 2:
                self._assign_work_unit(node)

    return AfterCrashes
