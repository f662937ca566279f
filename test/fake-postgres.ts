import { EventEmitter } from "node:events";

/**
 * Just enough of a PostgreSQL server, behind sockets handed to postgres-js through its
 * `socket` option, to drive the driver's connection code with no database and no network:
 * trust authentication, simple and extended queries answered with no rows. Every socket
 * records the statements it received, so a test can tell which backend ran what.
 */
export type FakeSocket = EventEmitter & {
  /** Statement texts received on this socket, in order. */
  statements: string[];
  /** Whether the startup message arrived (the driver flushed it). */
  started: boolean;
  readyState: "open" | "closed";
  write(data: Uint8Array, cb?: () => void): boolean;
  end(data?: Uint8Array): void;
  destroy(): void;
  setKeepAlive(): void;
  /** The server goes away: the driver sees the socket close (a FIN, no error) on a later turn. */
  drop(): void;
  /** The same, seen by the driver at once (from inside the current turn). */
  closeNow(): void;
  /** pg_terminate_backend: a FATAL 57P01 error, then the close. */
  terminate(): void;
};

export function fakePostgres(
  opts: { onStatement?: (text: string, socket: FakeSocket) => void; closeAtStartup?: () => boolean } = {},
) {
  const sockets: FakeSocket[] = [];

  function newSocket(): FakeSocket {
    let inTransaction = false;
    let lastParsed = "";
    let pending = Buffer.alloc(0);
    const s = new EventEmitter() as FakeSocket;
    s.statements = [];
    s.started = false;
    s.readyState = "open";
    const reply = (...messages: Buffer[]) =>
      setImmediate(() => s.readyState === "open" && s.emit("data", Buffer.concat(messages)));
    const ready = () => msg("Z", Buffer.from(inTransaction ? "T" : "I"));
    const complete = (text: string) => {
      const tag = text.trim().split(/\s+/)[0].toUpperCase();
      if (tag === "BEGIN") inTransaction = true;
      if (tag === "COMMIT" || tag === "ROLLBACK") inTransaction = false;
      return msg("C", cstr(tag === "SELECT" ? "SELECT 0" : tag));
    };
    const statement = (text: string) => {
      s.statements.push(text);
      opts.onStatement?.(text, s);
    };

    s.write = (data, cb) => {
      if (s.readyState !== "open") throw new Error("write after the fake socket closed");
      pending = Buffer.concat([pending, Buffer.from(data)]);
      const out: Buffer[] = [];
      for (;;) {
        if (!s.started) {
          if (pending.length < 4 || pending.length < pending.readUInt32BE(0)) break;
          pending = pending.subarray(pending.readUInt32BE(0));
          s.started = true;
          if (opts.closeAtStartup?.()) {
            s.drop(); // like a proxy whose backend is away: accepts, then closes without a word
            return true;
          }
          out.push(msg("R", int32(0)), msg("K", Buffer.concat([int32(4242), int32(1)])), ready());
          continue;
        }
        if (pending.length < 5 || pending.length < 1 + pending.readUInt32BE(1)) break;
        const type = String.fromCharCode(pending[0]);
        const body = pending.subarray(5, 1 + pending.readUInt32BE(1));
        pending = pending.subarray(1 + pending.readUInt32BE(1));
        if (type === "Q") {
          const text = body.toString("utf8", 0, body.length - 1);
          statement(text);
          out.push(complete(text), ready());
        } else if (type === "P") {
          const name = body.indexOf(0);
          const text = body.toString("utf8", name + 1, body.indexOf(0, name + 1));
          statement(text);
          lastParsed = text;
          out.push(msg("1"));
        } else if (type === "D") out.push(msg("t", Buffer.from([0, 0])), msg("n"));
        else if (type === "B") out.push(msg("2"));
        else if (type === "E") out.push(complete(lastParsed));
        else if (type === "S") out.push(ready());
        else if (type === "X") s.end();
      }
      if (out.length) reply(...out);
      cb?.();
      return true;
    };
    s.end = () => s.drop();
    s.destroy = () => s.drop();
    s.setKeepAlive = () => {};
    s.drop = () => {
      if (s.readyState === "closed") return;
      s.readyState = "closed";
      setImmediate(() => s.emit("close", false));
    };
    s.terminate = () => {
      const fields = ["SFATAL", "VFATAL", "C57P01", "Mterminating connection due to administrator command"].map(cstr);
      setImmediate(() => {
        if (s.readyState !== "open") return;
        s.emit("data", msg("E", Buffer.concat([...fields, Buffer.from([0])])));
        s.drop();
      });
    };
    s.closeNow = () => {
      if (s.readyState === "closed") return;
      s.readyState = "closed";
      s.emit("close", false);
    };
    sockets.push(s);
    return s;
  }

  return { sockets, newSocket };
}

function msg(type: string, body: Buffer = Buffer.alloc(0)) {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeUInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstr = (s: string) => Buffer.from(`${s}\0`, "utf8");
