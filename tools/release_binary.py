"""The release binary's path for the Python tools: built first when not current, by
tools/release-binary (which takes the path from Cargo's own report of the build)."""

import os
import subprocess
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))


def release_binary():
    """The release build's path; exits the tool when `cargo build --release` fails."""
    built = subprocess.run([os.path.join(TOOLS, "release-binary")], stdout=subprocess.PIPE, text=True)
    if built.returncode != 0:
        sys.exit("`cargo build --release` failed")
    return built.stdout.strip()
