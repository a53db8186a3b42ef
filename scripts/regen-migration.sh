#!/usr/bin/env bash
# Regenerates the one unreleased migration (0003_catalog) from db/schema while issue 4 is open:
# 0000–0002 have shipped and never change. Run it after editing a schema file; then start the
# dev database afresh (its old 0003 no longer matches). Serialised with flock: helpers share a tree.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/regen-migration.lock
flock 9
rm -f db/migrations/0003_*.sql db/migrations/meta/0003_snapshot.json
node -e '
const fs=require("fs");const p="db/migrations/meta/_journal.json";const j=JSON.parse(fs.readFileSync(p));
j.entries=j.entries.filter(e=>e.idx<3);fs.writeFileSync(p,JSON.stringify(j,null,2)+"\n");'
npx drizzle-kit generate --name catalog
