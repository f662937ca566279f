import { describe, expect, it } from "vitest";
import { utf8Checked } from "./utf8-checked";

/** Feeds `bytes` in chunks of `size` (sequences split across chunks) and reads everything back. */
async function through(bytes: number[], size = 1) {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += size) c.enqueue(Uint8Array.from(bytes.slice(i, i + size)));
      c.close();
    },
  });
  const out: number[] = [];
  try {
    for await (const chunk of utf8Checked(body) as unknown as AsyncIterable<Uint8Array>) out.push(...chunk);
    return { ok: true, bytes: out };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}

const utf8 = (s: string) => [...new TextEncoder().encode(s)];

describe("utf8Checked", () => {
  it("passes well-formed UTF-8 through unchanged, however it is chunked", async () => {
    const text = utf8("a\nÉire £5 — 日本 🙂\n");
    for (const size of [1, 2, 3, 7, 100]) expect(await through(text, size)).toEqual({ ok: true, bytes: text });
  });

  it("refuses what the standard calls ill-formed, naming the line", async () => {
    const cases: [number[], number][] = [
      [[...utf8("ok\nCaf"), 0xe9, 0x0a], 2], // Latin-1 é
      [[0xc0, 0xaf], 1], // overlong '/'
      [[0xe0, 0x80, 0xaf], 1], // overlong 3-byte
      [[0xed, 0xa0, 0x80], 1], // a surrogate
      [[0xf4, 0x90, 0x80, 0x80], 1], // above U+10FFFF
      [[...utf8("a\nb\n"), 0xe6, 0x97], 3], // cut off at the end
      [[0x80], 1], // a lone continuation byte
    ];
    for (const [bytes, line] of cases) {
      const res = await through(bytes, 2);
      expect(res.ok, bytes.join(",")).toBe(false);
      expect(res.detail, bytes.join(",")).toMatch(new RegExp(`^Line ${line} of the file is not valid UTF-8`));
    }
  });
});
