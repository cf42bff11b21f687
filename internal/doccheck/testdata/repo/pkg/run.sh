#!/bin/sh
# Runs the tool as docs/guide.md,
# "Usage (tool run)" says; see docs/guide.md,
# "Usage" and docs/bench/run.sh.
