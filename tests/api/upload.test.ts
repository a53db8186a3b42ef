/**
 * Image uploads (purpose=image): checked by content (magic bytes, and the picture must decode),
 * ≤ 2048 KB, stored as an 800×800 white-filled JPEG, cropped to the sent box or fitted whole.
 * The plain file upload (no purpose) is covered by utilities.test.ts and stays as it was.
 */
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { cropPlan, parseCrop } from "#core/lib/images.ts";
import { serveUpload } from "#core/lib/uploads.ts";
import { call, DEMO, login } from "./helpers.ts";

let seller: string;
beforeAll(async () => {
  seller = await login(DEMO.seller);
});

const RED = { r: 255, g: 0, b: 0 };
/** A solid picture of w×h in png or jpeg. */
const picture = (w: number, h: number, format: "png" | "jpeg", background: object = RED) =>
  sharp({ create: { width: w, height: h, channels: 3, background } })[format]().toBuffer();

function imageUpload(data: Buffer | string, name: string, opts: { crop?: unknown; purpose?: string; token?: string | null } = {}) {
  const form = new FormData();
  form.set("file", new Blob([typeof data === "string" ? data : new Uint8Array(data)]), name);
  form.set("purpose", opts.purpose ?? "image");
  if (opts.crop !== undefined) form.set("crop", typeof opts.crop === "string" ? opts.crop : JSON.stringify(opts.crop));
  return call<string>("POST", "/v0.0.0/utilities/upload", { token: opts.token === null ? undefined : (opts.token ?? seller), form });
}

/** The stored file of an answered URL, with its metadata and a pixel reader. */
async function stored(url: string) {
  const res = (await serveUpload(url.split("/").pop()!))!;
  const data = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(data).metadata();
  const raw = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const i = (y * raw.info.width + x) * raw.info.channels;
    return [raw.data[i], raw.data[i + 1], raw.data[i + 2]];
  };
  return { contentType: res.headers.get("content-type"), meta, pixel };
}
const isWhite = ([r, g, b]: number[]) => r > 245 && g > 245 && b > 245;
const isRed = ([r, g, b]: number[]) => r > 220 && g < 40 && b < 40;

describe("image upload (purpose=image)", () => {
  it("takes a PNG and stores an 800×800 JPEG, fitted whole on white without a crop box", async () => {
    const res = await imageUpload(await picture(400, 200, "png"), "logo.png");
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const out = await stored(res.body.data!);
    expect(out.contentType).toBe("image/jpeg");
    expect(out.meta).toMatchObject({ format: "jpeg", width: 800, height: 800 });
    // 400×200 fitted into 800×800: 800×400 of picture in the middle, white above and below.
    expect(isWhite(out.pixel(400, 100))).toBe(true);
    expect(isRed(out.pixel(400, 400))).toBe(true);
    expect(isWhite(out.pixel(400, 700))).toBe(true);
  });

  it("takes a JPEG, whatever its name, and crops it to the box", async () => {
    const res = await imageUpload(await picture(1000, 600, "jpeg"), "foto.png", { crop: { x: 100, y: 50, width: 500, height: 500 } });
    expect(res.status).toBe(200);
    const out = await stored(res.body.data!);
    expect(out.meta).toMatchObject({ format: "jpeg", width: 800, height: 800 });
    for (const [x, y] of [[5, 5], [400, 400], [795, 795]]) expect(isRed(out.pixel(x, y))).toBe(true);
  });

  it("fills with white where the crop box extends outside the picture (zoomed out)", async () => {
    // A 400×400 picture, box of 800×800 starting 200 px left of and above it: the picture is the
    // middle half of the output, everything around it white.
    const res = await imageUpload(await picture(400, 400, "png"), "logo.png", { crop: { x: -200, y: -200, width: 800, height: 800 } });
    expect(res.status).toBe(200);
    const out = await stored(res.body.data!);
    expect(out.meta).toMatchObject({ width: 800, height: 800 });
    expect(isWhite(out.pixel(100, 100))).toBe(true);
    expect(isWhite(out.pixel(700, 400))).toBe(true);
    expect(isRed(out.pixel(400, 400))).toBe(true);
    expect(isRed(out.pixel(210, 210))).toBe(true);
  });

  it("turns transparency white and honours the EXIF orientation", async () => {
    // 200×100 stored sideways (orientation 6 = shown turned 90° clockwise, so 100×200 upright),
    // red on its left half: upright, the red is the top half.
    const left = await picture(100, 100, "png");
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .composite([{ input: left, left: 0, top: 0 }]).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upright = await stored((await imageUpload(sideways, "hp.jpg")).body.data!);
    expect(isRed(upright.pixel(400, 200))).toBe(true);
    const [r, , b] = upright.pixel(400, 600);
    expect(b > 200 && r < 40).toBe(true);
    expect(isWhite(upright.pixel(100, 400))).toBe(true); // 400×800 picture centred: white sides

    const clear = await sharp({ create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const flat = await stored((await imageUpload(clear, "clear.png")).body.data!);
    expect(isWhite(flat.pixel(400, 400))).toBe(true);
  });

  it("refuses by content: text named .png, a broken PNG, a PDF", async () => {
    const cases: [Buffer | string, string][] = [
      ["<script>alert(1)</script>", "evil.png"],
      // The PNG signature followed by garbage: right magic bytes, but no picture in it.
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]), "broken.png"],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), "broken.jpg"],
      ["%PDF-1.7\n1 0 obj\n", "doc.pdf"],
    ];
    for (const [data, name] of cases) {
      const res = await imageUpload(data, name);
      expect(res.status, name).toBe(422);
      expect(res.body.message).toBe("Your File type is not accepted");
      expect(res.body.data).toEqual({ file: ["Your File type is not accepted"] });
    }
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } }).gif().toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(gif)]), "anim.gif");
    form.set("purpose", "image");
    const res = await call("POST", "/v0.0.0/utilities/upload", { token: seller, locale: "id", form });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Jenis file Anda tidak diterima");
  });

  it("refuses a 2.1 MB file as too big", async () => {
    const png = await picture(10, 10, "png");
    const big = Buffer.concat([png, Buffer.alloc(Math.round(2.1 * 1024 * 1024) - png.length)]);
    const res = await imageUpload(big, "big.png");
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Your File is too big");
    expect(res.body.data).toEqual({ file: ["Your File is too big"] });
  });

  it("refuses a bad crop box or purpose, and needs a token and a file", async () => {
    const png = await picture(100, 100, "png");
    for (const crop of ["not json", { x: 0, y: 0, width: 0, height: 10 }, { x: "a", y: 0, width: 10, height: 10 }, { x: 5000, y: 5000, width: 10, height: 10 }]) {
      const res = await imageUpload(png, "a.png", { crop });
      expect(res.status, JSON.stringify(crop)).toBe(422);
      expect(res.body.data).toEqual({ crop: ["This value is not valid"] });
    }
    expect((await imageUpload(png, "a.png", { purpose: "avatar" })).body.data).toEqual({ purpose: ["This value is not valid"] });
    expect((await imageUpload(png, "a.png", { token: null })).status).toBe(401);
    const empty = new FormData();
    empty.set("purpose", "image");
    expect((await call("POST", "/v0.0.0/utilities/upload", { token: seller, form: empty })).body.data).toEqual({ file: ["This field is required"] });
  });

  it("keeps the plain upload as it was: the file as sent", async () => {
    const png = await picture(30, 20, "png");
    const res = await imageUpload(png, "scan.png", { purpose: "file" });
    expect(res.body.data).toMatch(/\.png$/);
    expect((await stored(res.body.data!)).meta).toMatchObject({ format: "png", width: 30, height: 20 });
  });
});

describe("crop maths", () => {
  it("fits the whole picture when there is no box", () => {
    expect(cropPlan(400, 200)).toEqual({ extract: { left: 0, top: 0, width: 400, height: 200 }, resize: { width: 800, height: 400 }, place: { left: 0, top: 200 } });
    expect(cropPlan(300, 600)).toEqual({ extract: { left: 0, top: 0, width: 300, height: 600 }, resize: { width: 400, height: 800 }, place: { left: 200, top: 0 } });
  });

  it("takes the box inside the picture as it is", () => {
    expect(cropPlan(1000, 600, { x: 100, y: 50, width: 500, height: 500 }))
      .toEqual({ extract: { left: 100, top: 50, width: 500, height: 500 }, resize: { width: 800, height: 800 }, place: { left: 0, top: 0 } });
  });

  it("leaves white where the box is outside the picture", () => {
    expect(cropPlan(400, 400, { x: -200, y: -200, width: 800, height: 800 }))
      .toEqual({ extract: { left: 0, top: 0, width: 400, height: 400 }, resize: { width: 400, height: 400 }, place: { left: 200, top: 200 } });
    // Only the right edge sticks out.
    expect(cropPlan(500, 500, { x: 300, y: 0, width: 400, height: 400 }))
      .toEqual({ extract: { left: 300, top: 0, width: 200, height: 400 }, resize: { width: 400, height: 800 }, place: { left: 0, top: 0 } });
  });

  it("squares a box that is not square around its centre, and refuses one that misses the picture", () => {
    expect(cropPlan(1000, 1000, { x: 100, y: 200, width: 400, height: 200 })?.extract).toEqual({ left: 100, top: 100, width: 400, height: 400 });
    expect(cropPlan(100, 100, { x: 200, y: 0, width: 50, height: 50 })).toBeNull();
    expect(cropPlan(100, 100, { x: -5000, y: -5000, width: 10000, height: 10000 })).toBeNull();
  });

  it("reads the crop field", () => {
    expect(parseCrop(undefined)).toBeUndefined();
    expect(parseCrop("")).toBeUndefined();
    expect(parseCrop('{"x":1,"y":2,"width":3,"height":4}')).toEqual({ x: 1, y: 2, width: 3, height: 4 });
    expect(parseCrop("[1,2]")).toBeNull();
    expect(parseCrop('{"x":1,"y":2,"width":-3,"height":4}')).toBeNull();
  });
});
