/**
 * The post-import endpoints' item schemas the account payload embeds (`notes`, `statements`,
 * `current_statement_transactions`, `historical_statement_transactions`): one schema each,
 * owned by the endpoint that creates the same rows.
 */
export { EnergyTransaction } from "../../data-import/transaction-schemas";
export { Note } from "../../data-import/note-schemas";
export { Statement } from "../../data-import/statement-schemas";
