import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type JsMsg, jetstream, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";

const NATS_BIN = process.env.NATS_SERVER_BIN ?? "/usr/sbin/nats-server";

/**
 * A private nats-server with JetStream for one test file or bench run, on a free port
 * with its own store: tests can kill and restart it without touching the shared server.
 */
export class NatsServer {
  readonly storeDir = mkdtempSync(path.join(os.tmpdir(), "km-nats-"));
  private proc?: ChildProcess;
  private constructor(readonly port: number) {}

  static async start(): Promise<NatsServer> {
    const server = new NatsServer(await freePort());
    await server.start();
    return server;
  }

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** (Re)starts the server on the same port and store: streams and their dedup state survive. */
  async start() {
    if (this.proc) return;
    const proc = spawn(NATS_BIN, ["-a", "127.0.0.1", "-p", String(this.port), "-js", "-sd", this.storeDir], { stdio: "ignore" });
    this.proc = proc;
    proc.once("exit", () => {
      if (this.proc === proc) this.proc = undefined;
    });
    await waitForPort(this.port, 10_000);
  }

  /** SIGKILL: the harshest stop, as when the NATS host dies. */
  async kill() {
    const proc = this.proc;
    if (!proc) return;
    this.proc = undefined;
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGKILL");
    await exited;
  }

  async dispose() {
    await this.kill();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, "127.0.0.1");
      sock.once("connect", () => {
        sock.destroy();
        resolve(true);
      });
      sock.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nats-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type StreamMessage = { seq: number; subject: string; headers: Record<string, string>; body: Record<string, unknown> };

/** Every message in a stream, in stream order, read the way a consumer would. */
export async function readStream(nc: NatsConnection, stream: string): Promise<StreamMessage[]> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(stream);
  const last = info.state.last_seq;
  if (info.state.messages === 0) return [];
  const consumer = await jetstream(nc).consumers.get(stream);
  const out: StreamMessage[] = [];
  const messages = await consumer.consume();
  for await (const m of messages) {
    out.push(toMessage(m));
    if (m.seq >= last) break;
  }
  await messages.close();
  return out;
}

function toMessage(m: JsMsg): StreamMessage {
  const headers: Record<string, string> = {};
  for (const k of m.headers?.keys() ?? []) headers[k] = m.headers!.get(k);
  return { seq: m.seq, subject: m.subject, headers, body: m.json() };
}
