import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../errors.ts";
import { checkLogo, LOGO_SIZE_LIMIT } from "./check-logo.ts";

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);

const refusedWith = (problem: RegExp) => (e: unknown) =>
  e instanceof AppError && e.code === "VALIDATION" && problem.test(e.fields?.logo ?? "");

describe("issue 9: logos are judged by their content", () => {
  it("PNG, JPEG and WebP are accepted as what they are", () => {
    assert.equal(checkLogo(png), "image/png");
    assert.equal(checkLogo(jpeg), "image/jpeg");
    assert.equal(checkLogo(webp), "image/webp");
  });

  it("SVG, PDF, text and a RIFF that is not WebP are refused", () => {
    for (const bytes of [
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      Buffer.from("%PDF-1.7\n"),
      Buffer.from("just some text"),
      Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WAVEfmt ")]),
    ]) {
      assert.throws(() => checkLogo(bytes), refusedWith(/PNG, JPEG or WebP/));
    }
  });

  it("an empty file and one over the size limit are refused", () => {
    assert.throws(() => checkLogo(new Uint8Array(0)), refusedWith(/empty/));
    const big = Buffer.concat([png, Buffer.alloc(LOGO_SIZE_LIMIT)]);
    assert.throws(() => checkLogo(big), refusedWith(/at most 256 KB/));
    assert.equal(checkLogo(Buffer.concat([png, Buffer.alloc(LOGO_SIZE_LIMIT - png.length)])), "image/png");
  });
});
