"""What the benchmark scripts share: the machine's description, checks for missing tools, and a timed run of a
command with its peak memory. Only the standard library, so any script can import it before its peers."""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

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


def timed_run(command, ok_codes=(0,), env=None):
    """(wall-clock seconds, peak resident MiB) of one run. GNU time reads the peak: measured from this script,
    RUSAGE_CHILDREN would keep the largest child ever waited for, so one run could hide the next."""
    require_tool(GNU_TIME, "apt-get install time")
    with tempfile.NamedTemporaryFile(prefix="bench-time-", suffix=".txt", delete=False) as report:
        pass
    try:
        start = time.perf_counter()
        done = subprocess.run([GNU_TIME, "-f", "%M", "-o", report.name, *command], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env=env)
        seconds = time.perf_counter() - start
        if done.returncode not in ok_codes:
            tail = done.stderr.decode(errors="replace").strip().splitlines()[-5:]
            sys.exit(f"error: {' '.join(command[:3])} ... ended with status {done.returncode}\n" + "\n".join(tail))
        with open(report.name, encoding="utf-8") as f:
            return seconds, int(f.read().split()[-1]) / 1024
    finally:
        os.unlink(report.name)


def best_of(runs, command, ok_codes=(0,), warmup=1, env=None):
    """(best seconds, highest peak MiB) over `runs` timed runs after `warmup` untimed ones (hot page cache).
    The fastest time, not the mean: the machine is shared, and other work only ever adds time; the highest peak,
    as a memory limit must hold on every run."""
    for _ in range(warmup):
        timed_run(command, ok_codes, env)
    results = [timed_run(command, ok_codes, env) for _ in range(runs)]
    return min(s for s, _ in results), max(m for _, m in results)
