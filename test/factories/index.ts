// One home for the records tests need: each factory writes through the service verb the app
// uses (raw rows only where a record has none), with defaults a test overrides. Nothing here
// imports vitest, so e2e seeding (tsx) and bench/ use the same factories.
export * from "./account";
export * from "./catalogue";
export * from "./cohort";
export * from "./console";
export * from "./console-user";
export * from "./document-account";
export * from "./energy-account";
export * from "./events";
export * from "./jobs";
export * from "./ledger";
export * from "./meter-account";
export * from "./organisation";
export * from "./supplier";
export * from "./unique";
export * from "./production-examples";
