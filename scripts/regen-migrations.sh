#!/usr/bin/env bash
# Until the first release the schema is one initial migration, regenerated from db/schema.
# flock serialises engineers regenerating at the same moment in one work tree.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/km-drizzle.lock
flock 9
rm -rf drizzle
npx drizzle-kit generate --name init
