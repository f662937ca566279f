-- ADR 0039. The relay records a delivered batch in one statement, so one round trip: its
-- pending rows deleted, one event_deliveries row naming the ones this call deleted (a row
-- another relay got to first is not named twice), and the stream's state advanced. It was a
-- transaction of five round trips, and the relay waited on it for 15% of a backlog's drain.
-- The commit does not wait for the WAL flush: a record lost in a database crash only means a
-- re-publish, which JetStream drops as a duplicate (is_local: this transaction only).
CREATE FUNCTION mark_events_published(p_stream text, p_seqs bigint[], p_last_seq bigint, p_events bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH gone AS (
    DELETE FROM event_pending USING unnest(p_seqs) AS stamped(seq)
    WHERE event_pending.seq = stamped.seq
    RETURNING event_pending.seq)
  INSERT INTO event_deliveries (seqs)
  SELECT range_agg(int8range(seq, seq, '[]')) FROM gone HAVING count(*) > 0;
  INSERT INTO event_relay_state (stream, last_published_at, last_published_seq, published_total)
  VALUES (p_stream, now(), p_last_seq, p_events)
  ON CONFLICT (stream) DO UPDATE SET
    last_published_at = now(),
    last_published_seq = greatest(event_relay_state.last_published_seq, excluded.last_published_seq),
    published_total = event_relay_state.published_total + excluded.published_total;
END
$$;
