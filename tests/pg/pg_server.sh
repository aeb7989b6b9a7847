#!/usr/bin/env bash
# A private PostgreSQL server for the tests: its own cluster (initdb) in DIR, listening on
# a unix socket in DIR only (no TCP port), run with pg_ctl; as the unprivileged `postgres`
# user when started by root (PostgreSQL refuses to run as root, and CI runs as root).
# Durability is off (fsync, synchronous_commit): a test's data need not survive a crash.
#
#   pg_server.sh start DIR   creates and starts it; prints its URI (superuser gibo,
#                            database postgres) on stdout
#   pg_server.sh stop DIR    stops it (immediately) and removes DIR
#   pg_server.sh kill DIR    stops it at once, as a crash would, and keeps its data
#   pg_server.sh restart DIR starts the cluster in DIR again (after kill)
#
# Without PostgreSQL's server programs (Debian's postgresql package) `start` exits with
# 77, ctest's skip status; under CI (CI set) that is a failure instead (exit 1), as CI
# installs them (.ci/setup).
set -euo pipefail
cmd=${1:?usage: pg_server.sh start|stop DIR}
dir=${2:?usage: pg_server.sh start|stop DIR}
port=5432  # names the socket file only: nothing listens on TCP

bindir=
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/x)")"; do
  if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then bindir=$d; break; fi
done

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Starts the cluster in $dir (its socket there, no TCP).
serve() {
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-k $dir -p $port -c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case "$cmd" in
  start)
    if [ -z "$bindir" ]; then
      echo "pg_server.sh: PostgreSQL's initdb and pg_ctl are not installed (Debian: apt-get install postgresql)" >&2
      if [ -n "${CI:-}" ]; then exit 1; fi
      exit 77
    fi
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    chmod 700 "$dir"
    [ "$(id -u)" -ne 0 ] || chown postgres "$dir"
    as_owner "$bindir/initdb" -D "$dir/data" -A trust -U gibo -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    serve
    echo "postgresql://gibo@/postgres?host=$dir&port=$port"
    ;;
  stop)
    if [ -n "$bindir" ] && [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  kill)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    ;;
  restart) serve ;;
  *) echo "pg_server.sh: start or stop, not $cmd" >&2; exit 2 ;;
esac
