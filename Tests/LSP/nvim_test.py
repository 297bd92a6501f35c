#!/usr/bin/env python3
"""Neovim's built-in LSP client against `accordion lsp` (nvim_test.lua does the editing).

Installs Debian's neovim when it is missing (as root), copies a sample to a
scratch directory, runs Neovim headless, and passes its closing line on.

usage: nvim_test.py ACCORDION
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    accordion = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/accordion"))
    if shutil.which("nvim") is None:
        subprocess.run(["apt-get", "install", "-y", "neovim"], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    with tempfile.TemporaryDirectory() as scratch:
        sample = os.path.join(scratch, "article-demo.yaml")
        shutil.copy(os.path.join(ROOT, "samples/article-demo.yaml"), sample)
        env = dict(os.environ, ACCORDION=accordion, SAMPLE=sample, HOME=scratch, XDG_STATE_HOME=scratch,
                   XDG_DATA_HOME=scratch, XDG_CONFIG_HOME=scratch, XDG_CACHE_HOME=scratch)
        try:
            run = subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n",
                                  "-c", "luafile " + os.path.join(HERE, "nvim_test.lua")],
                                 env=env, cwd=scratch, capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired as e:
            print((e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or ""))
            print("nvim: 0 passed, 1 failed (timed out)")
            return 1
        sys.stdout.write(run.stdout)
        if run.stderr.strip():
            sys.stderr.write(run.stderr)
        if "passed," not in run.stdout:
            print("nvim: 0 passed, 1 failed (exit %d, no result line)" % run.returncode)
            return 1
        return run.returncode


if __name__ == "__main__":
    sys.exit(main())
