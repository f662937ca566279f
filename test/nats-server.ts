import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type JsMsg, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { type NatsConnection, errors } from "@nats-io/transport-node";
import { testEnv } from "@/test/env.mjs";

const NATS_BIN = testEnv.NATS_SERVER_BIN;

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
    for (let attempt = 1; ; attempt++) {
      const proc = spawn(NATS_BIN, ["-a", "127.0.0.1", "-p", String(this.port), "-js", "-sd", this.storeDir], {
        stdio: "ignore",
      });
      this.proc = proc;
      let exited = false;
      proc.once("exit", () => {
        exited = true;
        if (this.proc === proc) this.proc = undefined;
      });
      // Only our own process listening counts: another one may hold the port for a moment.
      await waitForPort(this.port, 10_000, () => exited);
      await new Promise((r) => setTimeout(r, 100));
      if (!exited) return;
      if (attempt >= 20) throw new Error(`nats-server could not start on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 250));
    }
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

/**
 * A free port below Linux's ephemeral range (32768+), so that while the server is down
 * the kernel does not hand the port to some outgoing connection.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

async function waitForPort(port: number, timeoutMs: number, gaveUp: () => boolean = () => false) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (gaveUp()) return;
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

export type StreamMessage = {
  seq: number;
  subject: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

/** Every message in a stream, in stream order, read the way a consumer would. */
export async function readStream(nc: NatsConnection, stream: string): Promise<StreamMessage[]> {
  await connected(nc);
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

/**
 * Waits until `nc` is connected. Right after a restart of the server it may still be
 * reconnecting (the relay's own connection can come back and publish everything first):
 * a JetStream request would then time out, and a PING pending while it reconnects is
 * rejected with `RequestError: connection disconnected` at its next dial attempt, not
 * answered. So: PING again after each such rejection (each waits for a dial attempt).
 */
export async function connected(nc: NatsConnection, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await nc.flush();
    } catch (err) {
      if (!(err instanceof errors.RequestError) || Date.now() > until) throw err;
    }
  }
}

function toMessage(m: JsMsg): StreamMessage {
  const headers: Record<string, string> = {};
  for (const k of m.headers?.keys() ?? []) headers[k] = m.headers!.get(k);
  return { seq: m.seq, subject: m.subject, headers, body: m.json() };
}
