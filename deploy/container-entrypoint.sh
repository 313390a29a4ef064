#!/bin/sh
# The image's entrypoint: `serve` (the default) runs the app, which migrates the database at start; `migrate` applies
# the pending migrations alone and exits (a one-shot step before a rollout). Anything else runs as a command.
set -e
# An empty setting counts as unset, so compose.yaml can hand every variable of .env through whether it is set or not.
for name in $(env | sed -n 's/^\(\(TOKENRAIL_\|OTEL_\)[A-Za-z0-9_]*\|DATABASE_URL\|LOG_LEVEL\)=$/\1/p'); do
  unset "$name"
done
case "${1:-serve}" in
  serve) exec node /app/server.js ;;
  migrate) exec node /app/.next/tokenrail/migrate.mjs ;;
  *) exec "$@" ;;
esac
