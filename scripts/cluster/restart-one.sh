#!/usr/bin/env bash
# scripts/cluster/restart-one.sh <n> [restart|stop|start]: app server n (1 or 2) of the cluster up.sh started
# (settings: lib.sh; same CLUSTER_DIR).
#   stop     SIGTERM, as systemd's `systemctl stop` or a rolling restart sends it; waits for the exit (≤ 15 s, then
#            SIGKILL) and prints the seconds it took on stdout;
#   start    starts it again with the same environment and waits until it is ready (≤ 180 s);
#   restart  (default) stop, then start.
set -Eeuo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

n=${1:-}
action=${2:-restart}
[[ "$n" == 1 || "$n" == 2 ]] || die "usage: restart-one.sh <1|2> [restart|stop|start]"
load_state
port=$(echo "$APP_PORTS" | cut -d' ' -f"$n")

if [[ "$action" == stop || "$action" == restart ]]; then
  took=$(stop_app "$n")
  say "app server $n (port $port) exited ${took} s after SIGTERM"
  echo "$took"
fi
if [[ "$action" == start || "$action" == restart ]]; then
  var="APP${n}_PID"
  alive "${!var:-}" && die "app server $n is running (pid ${!var})"
  start_app "$n"
  wait_ready "http://127.0.0.1:$port" 180 >/dev/null || die "app server $n did not become ready; see $CLUSTER_DIR/app$n.log"
  say "app server $n ready again on port $port"
fi
