#!/usr/bin/env python3
"""Records the real TLC's output for every case of values.cases (run by hand, never by tests).

Usage: python3 record_tlc.py [--all] [--jar PATH]
  (default jar: $TLA2TOOLS_JAR or /work/tools/tla2tools.jar; without --all only cases that have
  no `tlc:` lines yet are run)

For each `expr:` case it writes a module ValueProbe.tla with `ASSUME PrintT(expr)` into a
scratch directory, runs TLC (-fp 0, so TLCFP is comparable), and stores TLC's output as `tlc:`
lines in values.cases (existing `tlc:` lines are replaced, `ours:` lines are kept). It first
runs one probe to learn the order in which TLC interned, before the case text, the names the
cases use, and stores it as the `seed:` line.
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "values.cases")
EXTENDS = "Naturals, Integers, Sequences, FiniteSets, TLC, TLCExt"
TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|([A-Za-z_][A-Za-z0-9_]*)')


def unescape(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            i += 1
            out.append({"n": "\n", "t": "\t", "r": "\r", "f": "\f"}.get(text[i], text[i]))
        else:
            out.append(text[i])
        i += 1
    return "".join(out)


def escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def tokens(expr):
    for match in TOKEN.finditer(expr):
        yield unescape(match.group(1)) if match.group(1) is not None else match.group(2)


def module(constants, body):
    lines = ["---- MODULE ValueProbe ----", "EXTENDS " + EXTENDS]
    if constants:
        lines.append("CONSTANTS " + ", ".join(constants))
    lines.append("ASSUME PrintT(%s)" % body)
    lines.append("====")
    return "\n".join(lines) + "\n"


def run_tlc(jar, workdir, constants, body):
    with open(os.path.join(workdir, "ValueProbe.tla"), "w") as f:
        f.write(module(constants, body))
    with open(os.path.join(workdir, "ValueProbe.cfg"), "w") as f:
        if constants:
            f.write("CONSTANTS\n" + "".join("%s = %s\n" % (c, c) for c in constants))
    result = subprocess.run(
        ["java", "-XX:+UseParallelGC", "-cp", jar, "tlc2.TLC", "-fp", "0", "-nowarning",
         "-metadir", os.path.join(workdir, "states"), "-config", "ValueProbe.cfg", "ValueProbe.tla"],
        cwd=workdir, capture_output=True, text=True, timeout=120)
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Starting..."))
    output = []
    for line in lines[start + 1:]:
        if line.startswith("Finished in") or line.startswith("Computing initial states"):
            break
        output.append(line)
    if output and output[0].startswith("Error: Evaluating assumption"):
        output = ["error: " + output[1]] + output[2:]
    elif output and output[0].startswith("Error:"):
        output = ["error: " + output[0][len("Error: "):]] + output[1:]
    while output and output[-1] == "":
        output.pop()
    return output


def main():
    jar = os.environ.get("TLA2TOOLS_JAR", "/work/tools/tla2tools.jar")
    if "--jar" in sys.argv:
        jar = sys.argv[sys.argv.index("--jar") + 1]
    with open(CASES) as f:
        lines = f.read().splitlines()
    constants = []
    for line in lines:
        if line.startswith("constants:"):
            constants = line.split(":", 1)[1].split()
    exprs = [line[len("expr: "):] for line in lines if line.startswith("expr: ")]
    workdir = tempfile.mkdtemp(prefix="value-probe-")

    # The seed: which of the case names TLC had interned before the case text, in its order.
    names = []
    for expr in exprs:
        for token in tokens(expr):
            if token not in names:
                names.append(token)
    literal = list(reversed(names))
    probe = run_tlc(jar, workdir, constants,
                    "ToString({%s})" % ", ".join('"%s"' % escape(n) for n in literal))
    # PrintT shows the ToString result as a quoted string: unescape it, then read its strings.
    inner = unescape(probe[0][1:-1])
    printed = [unescape(m) for m in re.findall(r'"((?:[^"\\]|\\.)*)"', inner)]
    seed = []
    for k in range(len(printed) + 1):
        rest = [n for n in literal if n not in printed[:k]]
        if printed[k:] == rest:
            seed = printed[:k]
            break

    recorded = {}
    current = None
    for line in lines:
        if line.startswith("expr: "):
            current = line[len("expr: "):]
        elif line.startswith("tlc:") and current is not None:
            recorded.setdefault(current, []).append(line[len("tlc: "):])
    outputs = {}
    for i, expr in enumerate(exprs):
        if "--all" not in sys.argv and expr in recorded:
            outputs[expr] = recorded[expr]
            continue
        outputs[expr] = run_tlc(jar, workdir, constants, expr)
        print("%d/%d %s -> %s" % (i + 1, len(exprs), expr, outputs[expr][:1]), file=sys.stderr)

    result = []
    for line in lines:
        if line.startswith("tlc:") or line.startswith("seed:"):
            continue
        if line.startswith("constants:"):
            result.append("seed: " + " ".join(seed))
        result.append(line)
        if line.startswith("expr: "):
            result.extend("tlc: " + out for out in outputs[line[len("expr: "):]])
    with open(CASES, "w") as f:
        f.write("\n".join(result) + "\n")


if __name__ == "__main__":
    main()
