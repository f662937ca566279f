import { ServiceError } from "../../errors";

/**
 * The bytes of an upload passed on as they arrive, checked to be UTF-8 on the way (issue 37
 * item 5): the first byte that cannot be UTF-8 (a Latin-1 or Windows-1252 file, say) ends the
 * stream with a 400 `invalid_encoding` naming its line of the file, instead of becoming U+FFFD
 * in a stored account. Validated by the Unicode standard's table of well-formed sequences
 * (no overlong forms, no surrogates, nothing above U+10FFFF), one pass, no copies.
 */
export function utf8Checked(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let line = 1;
  // Bytes still expected to finish the current sequence, and the bounds of the next one.
  let need = 0;
  let lo = 0x80;
  let hi = 0xbf;
  const refuse = () => {
    const detail = `Line ${line} of the file is not valid UTF-8 (was it saved in another encoding, such as Windows-1252?); save the file as UTF-8 and upload it again.`;
    return new ServiceError("validation", "invalid_encoding", detail, {
      errors: [{ attr: null, code: "invalid_encoding", detail }],
    });
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i];
          if (need === 0) {
            if (b < 0x80) {
              if (b === 0x0a) line += 1;
              continue;
            }
            if (b >= 0xc2 && b <= 0xdf) need = 1;
            else if (b >= 0xe0 && b <= 0xef) {
              need = 2;
              if (b === 0xe0) lo = 0xa0;
              if (b === 0xed) hi = 0x9f;
            } else if (b >= 0xf0 && b <= 0xf4) {
              need = 3;
              if (b === 0xf0) lo = 0x90;
              if (b === 0xf4) hi = 0x8f;
            } else return controller.error(refuse());
            continue;
          }
          if (b < lo || b > hi) return controller.error(refuse());
          lo = 0x80;
          hi = 0xbf;
          need -= 1;
        }
        controller.enqueue(chunk);
      },
      flush(controller) {
        if (need !== 0) controller.error(refuse());
      },
    }),
  );
}
