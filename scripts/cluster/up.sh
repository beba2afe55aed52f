#!/usr/bin/env bash
# Brings up docs/deployment.md's production shape on this machine without containers (settings: lib.sh):
#   1. a fresh database on the machine's PostgreSQL (PG_URL);
#   2. the build (`npm run build`) when dist/ or dist-server/ is missing;
#   3. app servers on APP_PORTS (default 3411 3412; `node --enable-source-maps dist-server/main.js` as `npm run serve`
#      runs it), one random JWT_SECRET shared by all, PUBLIC_URL=https://localhost:$HTTPS_PORT, TRUST_PROXY=loopback,
#      one shared DATA_DIR (uploads) — started one after the other, each waited for;
#   4. a self-signed certificate for localhost (openssl) and nginx (Debian's package) with deploy/nginx/momentum.conf,
#      ports and paths rewritten for this machine, HTTPS on HTTPS_PORT and HTTP→HTTPS on HTTP_PORT;
#   5. waits until the readiness path answers through nginx, and writes the state file ($CLUSTER_DIR/state.env:
#      pids, ports, URLs, database) that down.sh, restart-one.sh, the proxy journey and bench/cluster-load.ts read.
# Prints the state file's path on stdout (everything else goes to stderr).
#
# Test topology only (PIN_BY_COOKIE=1, the default): nginx sends a request carrying the cookie momentum_node=<n> to
# app server n first, the other server being its backup, so a test can attach each browser to a given server and
# still see it fail over. deploy/nginx/momentum.conf itself has no such rule.
set -Eeuo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

APP_PORTS="${APP_PORTS:-3411 3412}"
HTTPS_PORT="${HTTPS_PORT:-8443}"
HTTP_PORT="${HTTP_PORT:-8080}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_URL="${PG_URL%/}"
PIN_BY_COOKIE="${PIN_BY_COOKIE:-1}"
read -r -a ports <<<"$APP_PORTS"
((${#ports[@]} == 2)) || die "APP_PORTS must name two ports (deploy/nginx/momentum.conf has two servers)"

if [[ -f "$STATE_FILE" ]]; then
  # shellcheck disable=SC1090
  (source "$STATE_FILE"; for p in "${APP1_PID:-}" "${APP2_PID:-}" "${NGINX_PID:-}"; do alive "$p" && exit 1; done; exit 0) ||
    die "a cluster is already running from $CLUSTER_DIR (scripts/cluster/down.sh first)"
fi
rm -rf "$CLUSTER_DIR"
mkdir -p "$CLUSTER_DIR/data" "$CLUSTER_DIR/tls" "$CLUSTER_DIR/nginx/tmp"
: >"$STATE_FILE"
set_state CLUSTER_DIR "$CLUSTER_DIR"
set_state APP_PORTS "$APP_PORTS"
set_state HTTPS_PORT "$HTTPS_PORT"
set_state HTTP_PORT "$HTTP_PORT"
set_state PUBLIC_URL "https://localhost:$HTTPS_PORT"

# On failure: stop what was started and drop the database (the logs stay in $CLUSTER_DIR).
trap 'status=$?; if ((status != 0)); then say "failed; cleaning up (logs in $CLUSTER_DIR)"; CLUSTER_KEEP=1 "$(dirname "$0")/down.sh" >&2 || true; fi' EXIT

# 1. Database.
command -v psql >/dev/null || die "psql not found (PostgreSQL client)"
db="momentum_cluster_$(date +%s)_$$"
psql "$PG_URL/postgres" -v ON_ERROR_STOP=1 -qc "CREATE DATABASE \"$db\"" >&2
set_state DATABASE "$db"
set_state PG_URL "$PG_URL"
say "database $db"

# 2. Build.
cd "$ROOT"
if [[ ! -f dist/index.html || ! -f dist-server/main.js ]]; then
  say "building (dist/ or dist-server/ missing)"
  npm run build >&2
fi

# 3. App servers.
jwt_secret=$(openssl rand -base64 48 | tr -d '\n/+=' | cut -c1-48)
cat >"$CLUSTER_DIR/app.env" <<EOF
NODE_ENV=${NODE_ENV:-development}
LOG_LEVEL=${LOG_LEVEL:-info}
HOST=127.0.0.1
PUBLIC_URL=https://localhost:$HTTPS_PORT
DATABASE_URL=$PG_URL/$db
DATA_DIR=$CLUSTER_DIR/data
JWT_SECRET=$jwt_secret
TRUST_PROXY=loopback
RATE_LIMIT_MAX=${RATE_LIMIT_MAX:-2000}
${RATE_LIMIT_MEMBER_MAX:+RATE_LIMIT_MEMBER_MAX=$RATE_LIMIT_MEMBER_MAX}
GOOGLE_CLIENT_ID=
KAKAO_CLIENT_ID=
EOF
chmod 600 "$CLUSTER_DIR/app.env"
# One after the other: the first applies the migrations, the second finds them applied.
for n in 1 2; do
  start_app "$n"
  path=$(wait_ready "http://127.0.0.1:${ports[$((n - 1))]}" 180) ||
    die "app server $n did not become ready; see $CLUSTER_DIR/app$n.log"
  set_state HEALTH_PATH "$path"
done

# 4. Certificate and nginx.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$CLUSTER_DIR/tls/privkey.pem" -out "$CLUSTER_DIR/tls/fullchain.pem" 2>/dev/null
chmod 600 "$CLUSTER_DIR/tls/privkey.pem"

conf="$CLUSTER_DIR/nginx/momentum.conf"
# deploy/nginx/momentum.conf with this machine's ports, paths and name; IPv6 listeners dropped (a container may
# have no ::1). Each rewrite is checked below, so a change of the production file that breaks it fails loudly.
sed -e "s#127\.0\.0\.1:3001#127.0.0.1:${ports[0]}#" \
  -e "s#127\.0\.0\.1:3002#127.0.0.1:${ports[1]}#" \
  -e "/listen \[::\]/d" \
  -e "s#listen 80;#listen 127.0.0.1:$HTTP_PORT;#" \
  -e "s#listen 443 ssl#listen 127.0.0.1:$HTTPS_PORT ssl#" \
  -e "s#return 301 https://\$host\$request_uri;#return 301 https://\$host:$HTTPS_PORT\$request_uri;#" \
  -e "s#server_name momentum\.example\.com;#server_name localhost;#" \
  -e "s#/etc/ssl/momentum/#$CLUSTER_DIR/tls/#" \
  "$ROOT/deploy/nginx/momentum.conf" >"$conf"
for expected in "127.0.0.1:${ports[0]}" "127.0.0.1:${ports[1]}" "listen 127.0.0.1:$HTTP_PORT;" \
  "listen 127.0.0.1:$HTTPS_PORT ssl" "$CLUSTER_DIR/tls/fullchain.pem" ":$HTTPS_PORT\$request_uri"; do
  grep -qF "$expected" "$conf" || die "deploy/nginx/momentum.conf changed: could not rewrite it for the test ($expected)"
done

pin_conf="$CLUSTER_DIR/nginx/pin.conf"
if [[ "$PIN_BY_COOKIE" == 1 ]]; then
  sed -i -e 's#proxy_pass http://momentum;#proxy_pass http://$momentum_pool;#' "$conf"
  cat >"$pin_conf" <<EOF
# Test topology only (scripts/cluster/up.sh): the cookie momentum_node=<n> prefers app server n; the other one is
# its backup, so a pinned browser fails over like everybody else when its server stops.
map \$cookie_momentum_node \$momentum_pool {
    default momentum;
    1       momentum_node1;
    2       momentum_node2;
}
upstream momentum_node1 {
    server 127.0.0.1:${ports[0]} max_fails=2 fail_timeout=10s;
    server 127.0.0.1:${ports[1]} backup;
}
upstream momentum_node2 {
    server 127.0.0.1:${ports[1]} max_fails=2 fail_timeout=10s;
    server 127.0.0.1:${ports[0]} backup;
}
EOF
else
  : >"$pin_conf"
fi

user_line=""
[[ $(id -u) == 0 ]] && user_line="user root;"
cat >"$CLUSTER_DIR/nginx/nginx.conf" <<EOF
# Generated by scripts/cluster/up.sh: a private nginx instance around deploy/nginx/momentum.conf.
$user_line
worker_processes 1;
worker_rlimit_nofile 16384;
pid $CLUSTER_DIR/nginx/nginx.pid;
error_log $CLUSTER_DIR/nginx/error.log warn;
events { worker_connections 8192; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format upstream '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent '
                        'upstream=\$upstream_addr upstream_status=\$upstream_status rt=\$request_time '
                        'id=\$momentum_request_id';
    access_log $CLUSTER_DIR/nginx/access.log upstream;
    # Test topology only: which app server(s) answered (tried in order), for the journey's assertions.
    add_header X-Momentum-Upstream \$upstream_addr always;
    client_body_temp_path $CLUSTER_DIR/nginx/tmp/body;
    proxy_temp_path $CLUSTER_DIR/nginx/tmp/proxy;
    fastcgi_temp_path $CLUSTER_DIR/nginx/tmp/fastcgi;
    uwsgi_temp_path $CLUSTER_DIR/nginx/tmp/uwsgi;
    scgi_temp_path $CLUSTER_DIR/nginx/tmp/scgi;
    include $pin_conf;
    include $conf;
}
EOF
nginx=$(nginx_bin)
"$nginx" -t -q -p "$CLUSTER_DIR/nginx" -c "$CLUSTER_DIR/nginx/nginx.conf" >&2
"$nginx" -p "$CLUSTER_DIR/nginx" -c "$CLUSTER_DIR/nginx/nginx.conf" -g 'daemon on;' >&2
for _ in $(seq 1 50); do [[ -s "$CLUSTER_DIR/nginx/nginx.pid" ]] && break; sleep 0.1; done
[[ -s "$CLUSTER_DIR/nginx/nginx.pid" ]] || die "nginx did not start; see $CLUSTER_DIR/nginx/error.log"
set_state NGINX_PID "$(cat "$CLUSTER_DIR/nginx/nginx.pid")"
set_state NGINX "$nginx"

# 5. Ready through the proxy.
wait_ready "https://localhost:$HTTPS_PORT" 60 >/dev/null || die "https://localhost:$HTTPS_PORT is not ready through nginx"
say "ready: https://localhost:$HTTPS_PORT → 127.0.0.1:${ports[0]}, 127.0.0.1:${ports[1]} (state: $STATE_FILE)"
trap - EXIT
echo "$STATE_FILE"
