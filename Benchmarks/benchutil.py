"""What the benchmark scripts share: the machine's description, checks for missing tools, and a timed run of a
command with its CPU time and peak memory. Only the standard library, so any script can import it before its peers."""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from typing import NamedTuple

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
GNU_TIME = "/usr/bin/time"


def machine():
    """(CPU model, usable cores): the figures are only comparable on the same kind of machine."""
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next((l.split(":", 1)[1].strip() for l in info if l.startswith("model name")), cpu)
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return cpu, cores


def require_tool(name, install):
    """The tool's path, or exit saying what to install."""
    path = shutil.which(name) if os.sep not in name else (name if os.access(name, os.X_OK) else None)
    if not path:
        sys.exit(f"error: {name} not found: {install}")
    return path


def hold_folder(path):
    """Hold `path` (made if missing) for this run, or exit saying another run holds it: a second run writing into the
    same folder would delete the first one's outputs before it judged them. The hold ends with the process."""
    import fcntl
    os.makedirs(path, exist_ok=True)
    lock = open(os.path.join(path, ".lock"), "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sys.exit(f"error: another run is writing into {path}; wait for it to end")
    return lock


class Run(NamedTuple):
    seconds: float  # wall clock
    cpu: float  # user + system seconds of the command and all its processes: steadier than wall on a busy machine
    peak_mib: float  # the highest maximum resident set of any one of its processes


def timed_run(command, ok_codes=(0,)):
    """One run, measured by GNU time: from this script, RUSAGE_CHILDREN would keep the largest child ever waited
    for, so one run's peak could hide the next's."""
    require_tool(GNU_TIME, "apt-get install time")
    with tempfile.NamedTemporaryFile(prefix="bench-time-", suffix=".txt", delete=False) as report:
        pass
    try:
        start = time.perf_counter()
        done = subprocess.run([GNU_TIME, "-f", "%U %S %M", "-o", report.name, *command], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
        if done.returncode not in ok_codes:
            tail = done.stderr.decode(errors="replace").strip().splitlines()[-5:]
            sys.exit(f"error: {' '.join(command[:3])} ... ended with status {done.returncode}\n" + "\n".join(tail))
        with open(report.name, encoding="utf-8") as f:
            user, system, kib = f.read().split()[-3:]  # the last line: GNU time may note a signal above it
        return Run(seconds, float(user) + float(system), int(kib) / 1024)
    finally:
        os.unlink(report.name)


def best_of(runs, commands, warmup=1):
    """For each of `commands` ((argv, accepted exit codes) pairs), the best wall and CPU times and the highest peak
    over `runs` timed runs, after `warmup` untimed ones (page cache hot). The commands take turns, so a burst of
    other work on the shared machine slows one round of each rather than all of one. The fastest, not the mean:
    other work only ever adds time; the highest peak, as a memory limit must hold on every run."""
    for _ in range(warmup):
        for command, ok_codes in commands:
            timed_run(command, ok_codes)
    results = [[] for _ in commands]
    for _ in range(runs):
        for (command, ok_codes), mine in zip(commands, results):
            mine.append(timed_run(command, ok_codes))
    return [Run(min(r.seconds for r in rs), min(r.cpu for r in rs), max(r.peak_mib for r in rs)) for rs in results]
