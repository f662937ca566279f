#!/usr/bin/env bash
# Adds the next migration in drizzle/ from the changes in db/schema (released databases
# already ran the earlier ones: never edit or regenerate a committed migration).
# Usage: scripts/new-migration.sh short_name   (then append hand-written SQL if needed,
# after a `--> statement-breakpoint` line). flock serialises engineers in one work tree.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 short_name" >&2; exit 2; }
exec 9>/tmp/km-drizzle.lock
flock 9
npx drizzle-kit generate --name "$1"
