/**
 * The post-import endpoints' item schemas the account payload embeds (`notes`, `statements`,
 * `current_statement_transactions`, `historical_statement_transactions`): one schema each,
 * owned by the endpoint that creates the same rows.
 */
export { EnergyTransaction } from "../../transactions/transaction-schemas";
export { Note } from "../../notes/note-schemas";
export { Statement } from "../../statements/statement-schemas";
