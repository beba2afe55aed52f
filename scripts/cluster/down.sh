#!/usr/bin/env bash
# Stops what scripts/cluster/up.sh started (settings: lib.sh; same CLUSTER_DIR): the app servers (SIGTERM, SIGKILL
# after 15 s), nginx (graceful quit), then drops the database and removes $CLUSTER_DIR (kept with CLUSTER_KEEP=1,
# e.g. to read the logs). Safe to run twice.
set -Eeuo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

[[ -f "$STATE_FILE" ]] || { say "nothing to stop ($STATE_FILE absent)"; exit 0; }
load_state
for n in 1 2; do
  took=$(stop_app "$n")
  say "app server $n stopped (${took} s)"
done
if alive "${NGINX_PID:-}"; then
  kill -QUIT "$NGINX_PID" 2>/dev/null || true
  for _ in $(seq 1 50); do alive "$NGINX_PID" || break; sleep 0.1; done
  alive "$NGINX_PID" && kill -KILL "$NGINX_PID" 2>/dev/null || true
  say "nginx stopped"
fi
if [[ -n "${DATABASE:-}" ]]; then
  psql "${PG_URL:-postgres://postgres@127.0.0.1:5432}/postgres" -qc "DROP DATABASE IF EXISTS \"$DATABASE\" WITH (FORCE)" >&2 &&
    say "database $DATABASE dropped"
fi
if [[ "${CLUSTER_KEEP:-0}" == 1 ]]; then
  rm -f "$STATE_FILE"
  say "logs kept in $CLUSTER_DIR"
else
  rm -rf "$CLUSTER_DIR"
fi
