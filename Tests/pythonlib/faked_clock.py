"""A wall clock the test sets for a server it starts, with libfaketime: `FakedClock.wrapper`
goes before the server's command, `set(when)` moves the server's clock (at once, running on
from there), `now()` is what the server reads now. Timers on the steady clock keep real time
(faketime_timers.c), so the server's libdispatch timers fire as they would."""
import datetime
import glob
import os
import shutil
import subprocess
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _libfaketime():
    found = sorted(glob.glob("/usr/lib/*/faketime/libfaketime.so.1")) + sorted(glob.glob("/usr/lib/faketime/libfaketime.so.1"))
    assert found, "libfaketime is missing: `make test-deps` installs the Debian package faketime"
    return found[0]


class FakedClock:
    def __init__(self, folder, start):
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        compiler = shutil.which("cc") or shutil.which("clang")
        assert compiler, "no C compiler to build the steady-timer shim (cc or the Swift toolchain's clang)"
        shim = folder / "faketime_timers.so"
        subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(shim), str(HERE / "faketime_timers.c"), "-ldl"],
                       check=True, capture_output=True, text=True)
        self.stamp = folder / "faketime"
        self.offsets = []  # (the real moment it was set, the offset from then on)
        self.set(start)
        # FAKETIME_SHARED names no shared memory yet: libfaketime makes its own and writes its
        # names over this one. Adding the variable instead would move the process's environment,
        # and the Swift runtime finds the program's arguments just before the environment: the
        # server would start with none.
        self.wrapper = ["env", f"LD_PRELOAD={shim}:{_libfaketime()}", f"FAKETIME_TIMESTAMP_FILE={self.stamp}",
                        "FAKETIME_NO_CACHE=1", "FAKETIME_DONT_FAKE_MONOTONIC=1", "FAKETIME_SHARED=none none"]

    def set(self, when):
        """The server's clock reads `when` (an aware datetime) now, and runs on from there."""
        offset = round(when.timestamp() - time.time())
        temporary = self.stamp.with_suffix(".new")
        temporary.write_text(f"{offset:+d}\n")
        os.replace(temporary, self.stamp)
        self.offsets.append((time.time(), offset))

    def now(self, zone=datetime.timezone.utc):
        return self.at(time.time(), zone)

    def at(self, real, zone=datetime.timezone.utc):
        """The server's time at the real moment `real` (seconds since the epoch)."""
        offset = [offset for since, offset in self.offsets if since <= real][-1:] or [self.offsets[0][1]]
        return datetime.datetime.fromtimestamp(real + offset[0], zone)
