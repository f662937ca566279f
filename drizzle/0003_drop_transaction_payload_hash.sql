-- A resend is told from a reused transaction_id by comparing the stored fields (storedTransactions), not a hash of each request.
ALTER TABLE "transactions" DROP COLUMN "payload_hash";