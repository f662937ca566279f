import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { sparePort } from "./fault-services";
import { benchEnv } from "@/bench/env.mjs";

// A 3-node NATS JetStream cluster for bench/ha.ts, on spare loopback ports, each node with its
// own store under `root`. A node can be SIGKILLed and started again on the same ports and store
// (as its host dying and coming back). Only these processes are ever stopped.

const NATS_BIN = benchEnv.FAULTS_NATS_BIN;

export type NatsNode = { name: string; port: number; cluster: number; kill(): Promise<void>; start(): Promise<void> };
export type NatsCluster = { url: string; nodes: NatsNode[]; stop(): void };

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1", () => (s.destroy(), resolve(true)));
    s.on("error", () => resolve(false));
  });

export async function startNatsCluster(root: string, size = 3): Promise<NatsCluster> {
  const specs: { name: string; port: number; cluster: number }[] = [];
  for (let i = 1; i <= size; i++) specs.push({ name: `n${i}`, port: await sparePort(), cluster: await sparePort() });
  const children = new Map<string, ChildProcess>();
  const killAll = () => {
    for (const c of children.values()) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  };
  process.on("exit", killAll);
  const nodes = specs.map((spec): NatsNode => {
    const store = path.join(root, `nats-${spec.name}`);
    fs.mkdirSync(store, { recursive: true });
    const routes = specs
      .filter((s) => s !== spec)
      .map((s) => `nats://127.0.0.1:${s.cluster}`)
      .join(",");
    const start = async () => {
      const args = [
        "-js",
        "-a",
        "127.0.0.1",
        "-p",
        String(spec.port),
        "-sd",
        store,
        "-n",
        spec.name,
        "--cluster_name",
        "km-ha",
        "--cluster",
        `nats://127.0.0.1:${spec.cluster}`,
        "--routes",
        routes,
      ];
      const child = spawn(NATS_BIN, args, {
        stdio: ["ignore", "ignore", fs.openSync(path.join(root, `nats-${spec.name}.log`), "a")],
      });
      children.set(spec.name, child);
      for (let i = 0; i < 100; i++) {
        if (await listening(spec.port)) return;
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`nats-server ${spec.name} did not start; see ${root}/nats-${spec.name}.log`);
    };
    const kill = async () => {
      const child = children.get(spec.name);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    };
    return { ...spec, start, kill };
  });
  await Promise.all(nodes.map((n) => n.start()));
  return { url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(","), nodes, stop: killAll };
}

/** Waits until the cluster has a JetStream meta leader (an R3 stream can be created then). */
export async function waitForMetaLeader(url: string, timeoutMs = 30_000): Promise<void> {
  const { connect } = await import("@nats-io/transport-node");
  const { jetstreamManager } = await import("@nats-io/jetstream");
  const until = Date.now() + timeoutMs;
  const nc = await connect({ servers: url.split(",") });
  try {
    for (;;) {
      try {
        await (await jetstreamManager(nc, { timeout: 2000 })).getAccountInfo();
        return;
      } catch (err) {
        if (Date.now() > until) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await nc.close();
  }
}
