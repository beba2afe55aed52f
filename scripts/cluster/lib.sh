# Shared by scripts/cluster/*.sh (sourced, not run): the test topology of docs/deployment.md "Plain host" on one
# machine, without containers — the machine's PostgreSQL, app servers on two ports, Debian's nginx in front with a
# self-signed certificate.
#
# Settings (environment, all optional):
#   CLUSTER_DIR      where state, logs, certificate and the generated nginx configuration live
#                    (default ${TMPDIR:-/tmp}/momentum-cluster); the state file is $CLUSTER_DIR/state.env
#   APP_PORTS        the app servers' ports, space-separated (default "3411 3412")
#   HTTPS_PORT       nginx's HTTPS port (default 8443); HTTP_PORT its HTTP port, redirected (default 8080)
#   PG_URL           the PostgreSQL server (default postgres://postgres@127.0.0.1:5432); a fresh database
#                    momentum_cluster_<time>_<pid> is created on it and dropped by down.sh
#   HEALTH_PATH      readiness path (default /readyz; falls back to /api/health when that answers 404)
#   PIN_BY_COOKIE    1 (default): nginx routes a request carrying the cookie momentum_node=<n> to app server n
#                    first (the other one is its backup) — test topology only, see up.sh
#   NGINX            the nginx binary (default: nginx on PATH, else /usr/sbin/nginx)
#   Extra variables for the app servers: RATE_LIMIT_MAX, RATE_LIMIT_MEMBER_MAX, LOG_LEVEL, NODE_ENV are passed on.

CLUSTER_DIR="${CLUSTER_DIR:-${TMPDIR:-/tmp}/momentum-cluster}"
STATE_FILE="$CLUSTER_DIR/state.env"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

die() {
  echo "cluster: $*" >&2
  exit 1
}
say() { echo "cluster: $*" >&2; }

nginx_bin() {
  if [[ -n "${NGINX:-}" ]]; then echo "$NGINX"; return; fi
  command -v nginx 2>/dev/null || { [[ -x /usr/sbin/nginx ]] && echo /usr/sbin/nginx; } || die "nginx not found (apt-get install nginx)"
}

# Loads the state file written by up.sh into the environment.
load_state() {
  [[ -f "$STATE_FILE" ]] || die "no cluster state at $STATE_FILE (run scripts/cluster/up.sh; same CLUSTER_DIR)"
  # shellcheck disable=SC1090
  source "$STATE_FILE"
}

# Sets KEY=VALUE in the state file (replacing an earlier line of that key).
set_state() {
  local key=$1 value=$2 tmp="$STATE_FILE.tmp"
  touch "$STATE_FILE"
  grep -v "^$key=" "$STATE_FILE" >"$tmp" || true
  printf '%s=%q\n' "$key" "$value" >>"$tmp"
  mv "$tmp" "$STATE_FILE"
}

alive() { [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null; }

# Waits until GET <base><health path> answers 200 with a non-HTML body (≤ $2 s, default 120). The health path is
# HEALTH_PATH (default /readyz), switched once to /api/health when the server has no /readyz — a build from before
# it existed answers 404, or 200 with the SPA's index.html (docs/operations.md). Prints the path that answered.
wait_ready() {
  local base=$1 limit=${2:-120} path="${HEALTH_PATH:-/readyz}" started=$SECONDS answer
  while ((SECONDS - started < limit)); do
    answer=$(curl -ks -o /dev/null -m 5 -w '%{http_code} %{content_type}' "$base$path" || true)
    if [[ "$path" == /readyz && ("$answer" == 404* || "$answer" == "200 text/html"*) ]]; then
      path=/api/health
      continue
    fi
    if [[ "$answer" == 200* ]]; then echo "$path"; return 0; fi
    sleep 0.5
  done
  return 1
}

# Starts app server number $1 (1-based) in the background, detached, logging to $CLUSTER_DIR/app<n>.log (JSON
# lines), and records its pid. Environment: $CLUSTER_DIR/app.env plus PORT.
start_app() {
  local n=$1 port pid
  port=$(echo "$APP_PORTS" | cut -d' ' -f"$n")
  [[ -n "$port" ]] || die "no app server $n (APP_PORTS=$APP_PORTS)"
  (
    cd "$ROOT"
    set -a
    # shellcheck disable=SC1091
    source "$CLUSTER_DIR/app.env"
    set +a
    export PORT="$port"
    exec setsid node --enable-source-maps dist-server/main.js >>"$CLUSTER_DIR/app$n.log" 2>&1 </dev/null
  ) &
  pid=$!
  set_state "APP${n}_PID" "$pid"
  say "app server $n: pid $pid on 127.0.0.1:$port"
}

# SIGTERM to app server $1 and wait for it to exit (≤ 15 s, then SIGKILL). Prints the seconds it took.
stop_app() {
  local n=$1 var pid started
  var="APP${n}_PID"
  pid=${!var:-}
  if ! alive "$pid"; then echo 0; return 0; fi
  started=$(date +%s%N)
  kill -TERM "$pid"
  for _ in $(seq 1 150); do
    alive "$pid" || break
    sleep 0.1
  done
  if alive "$pid"; then
    say "app server $n (pid $pid) still running 15 s after SIGTERM: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  # Reap it when it is our child; harmless otherwise.
  wait "$pid" 2>/dev/null || true
  awk -v ns="$(($(date +%s%N) - started))" 'BEGIN { printf "%.2f\n", ns / 1e9 }'
}
