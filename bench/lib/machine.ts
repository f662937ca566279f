import os from "node:os";

/** One line describing where a benchmark ran. */
export function machineLine(extra: string[] = []): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  return [
    `${cpus.length} cores (${model})`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    ...extra,
  ].join(", ");
}
