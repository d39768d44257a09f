"""What the scripted fakes share (see README.md): the command line (MODE PIDFILE), the pid
file, reading commands, sending a line, and the two ways of failing that do not depend on
the protocol."""
import os
import sys
import time


def start():
    """Reads MODE PIDFILE from the command line, writes this process's id to PIDFILE and
    returns MODE."""
    mode, pid_file = sys.argv[1], sys.argv[2]
    with open(pid_file, "w") as f:
        f.write(str(os.getpid()))
    return mode


def commands():
    """Yields each line of standard input that is not blank, with its words."""
    for line in sys.stdin:
        words = line.split()
        if words:
            yield line, words


def send(text):
    """Writes one line and flushes it."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def fail_if_asked(mode):
    """When asked for a move: exits with status 3 in mode crash, sleeps a minute in hang."""
    if mode == "crash":
        sys.exit(3)
    if mode == "hang":
        time.sleep(60)


def reply(mode, malformed, illegal, legal):
    """The answer to a move request in MODE, after fail_if_asked: the line MALFORMED in mode
    malformed, ILLEGAL in mode illegal, else what LEGAL() returns (called only then)."""
    fail_if_asked(mode)
    if mode == "malformed":
        return malformed
    if mode == "illegal":
        return illegal
    return legal()
