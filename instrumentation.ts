/** Next.js calls this once per server process: open the database and start background work. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startBackground } = await import("./server/background");
  await startBackground();
}
