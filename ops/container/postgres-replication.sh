#!/bin/bash
# The primary lets the standby stream from it (pg_basebackup and replication as the same user).
set -e
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
