/**
 * The smallest tar (ustar) the backup needs, written into and read from a gzip stream: regular
 * files and directories, names split into ustar's prefix + name, sizes past 8 GiB in the
 * base-256 form GNU tar and bsdtar read. `tar -xzf` opens what TarWriter writes; TarReader reads
 * what TarWriter wrote (it refuses links, devices and pax/GNU extension headers).
 */
import { once } from "node:events";
import type { Readable, Writable } from "node:stream";

const BLOCK = 512;

export type TarEntry = { name: string; type: "file" | "dir"; size: number; mode: number; mtime: number };

function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ["", name];
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest) return [prefix, rest];
  }
  throw new Error(`A name too long for a ustar header: ${name}`);
}

function octal(buf: Buffer, value: number, offset: number, length: number) {
  buf.write(value.toString(8).padStart(length - 1, "0") + "\0", offset, length, "ascii");
}

export function header(entry: TarEntry): Buffer {
  const b = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(entry.type === "dir" && !entry.name.endsWith("/") ? `${entry.name}/` : entry.name);
  b.write(name, 0, 100, "utf8");
  octal(b, entry.mode & 0o7777, 100, 8);
  octal(b, 0, 108, 8); // uid
  octal(b, 0, 116, 8); // gid
  const size = entry.type === "file" ? entry.size : 0;
  if (size < 0o77777777777) octal(b, size, 124, 12);
  else {
    b[124] = 0x80; // base-256: the size as a big-endian number in the remaining 11 bytes
    b.writeBigUInt64BE(BigInt(size), 128);
  }
  octal(b, Math.floor(entry.mtime / 1000), 136, 12);
  b.write(entry.type === "dir" ? "5" : "0", 156, 1, "ascii");
  b.write("ustar\0", 257, 6, "ascii");
  b.write("00", 263, 2, "ascii");
  b.write(prefix, 345, 155, "utf8");
  b.fill(" ", 148, 156);
  let sum = 0;
  for (const byte of b) sum += byte;
  b.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return b;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes entries into `out` (a gzip stream), waiting whenever it asks to. */
export class TarWriter {
  bytes = 0;
  constructor(private readonly out: Writable) {}

  async write(chunk: Buffer) {
    this.bytes += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  async dir(name: string, mode = 0o700, mtime = Date.now()) {
    await this.write(header({ name, type: "dir", size: 0, mode, mtime }));
  }

  /** A file from memory. */
  async file(name: string, data: Buffer, mode = 0o600, mtime = Date.now()) {
    await this.begin({ name, type: "file", size: data.length, mode, mtime });
    if (data.length) await this.write(data);
    await this.finish(data.length);
  }

  /** The header of a file whose `size` bytes the caller writes next, then `finish(size)`. */
  async begin(entry: TarEntry) {
    await this.write(header(entry));
  }

  async finish(size: number) {
    const pad = padding(size);
    if (pad) await this.write(Buffer.alloc(pad));
  }

  /** The two zero blocks that end an archive. */
  async end() {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

function readOctal(b: Buffer, offset: number, length: number): number {
  if (b[offset] & 0x80) {
    let n = 0n;
    for (let i = offset + 1; i < offset + length; i++) n = (n << 8n) | BigInt(b[i]);
    return Number(n);
  }
  const text = b.toString("ascii", offset, offset + length).replace(/[\0 ]+$/g, "").trim();
  return text ? parseInt(text, 8) : 0;
}

function parseHeader(b: Buffer): TarEntry {
  const stored = readOctal(b, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : b[i];
  if (sum !== stored) throw new Error("Not a tar archive, or a damaged one (a header's checksum is wrong)");
  const cstr = (o: number, l: number) => {
    const s = b.subarray(o, o + l);
    const end = s.indexOf(0);
    return s.toString("utf8", 0, end === -1 ? l : end);
  };
  const prefix = cstr(345, 155);
  const name = (prefix ? `${prefix}/` : "") + cstr(0, 100);
  const flag = String.fromCharCode(b[156]);
  if (flag !== "0" && flag !== "\0" && flag !== "5") throw new Error(`An entry of a kind this reader does not take (type ${JSON.stringify(flag)}): ${name}`);
  const type = flag === "5" ? "dir" : "file";
  return { name: name.replace(/\/+$/, ""), type, size: type === "file" ? readOctal(b, 124, 12) : 0, mode: readOctal(b, 100, 8), mtime: readOctal(b, 136, 12) * 1000 };
}

/**
 * Reads the entries of a tar stream (already gunzipped) one by one: `next()` answers the next
 * entry's header, and for a file `body()` its bytes in pieces, which must be read to the end
 * before the next `next()`.
 */
export class TarReader {
  private queue: Buffer[] = [];
  private queued = 0;
  private done = false;
  private readonly source: AsyncIterator<Buffer>;

  constructor(input: Readable) {
    this.source = input[Symbol.asyncIterator]();
  }

  private async fill(n: number) {
    while (this.queued < n && !this.done) {
      const { value, done } = await this.source.next();
      if (done) this.done = true;
      else {
        this.queue.push(value);
        this.queued += value.length;
      }
    }
  }

  /** Up to `n` bytes (at least one unless the stream ended). */
  private async take(n: number): Promise<Buffer> {
    await this.fill(1);
    if (!this.queued) return Buffer.alloc(0);
    const first = this.queue[0];
    const piece = first.length <= n ? first : first.subarray(0, n);
    if (piece === first) this.queue.shift();
    else this.queue[0] = first.subarray(n);
    this.queued -= piece.length;
    return piece;
  }

  private async exactly(n: number): Promise<Buffer> {
    await this.fill(n);
    if (this.queued < n) throw new Error("The archive ends in the middle (truncated)");
    const out = Buffer.concat(this.queue);
    this.queue = out.length > n ? [out.subarray(n)] : [];
    this.queued -= n;
    return out.subarray(0, n);
  }

  async next(): Promise<TarEntry | null> {
    const block = await this.exactly(BLOCK);
    if (block.every((x) => x === 0)) return null;
    return parseHeader(block);
  }

  async *body(entry: TarEntry): AsyncGenerator<Buffer> {
    let left = entry.size;
    while (left > 0) {
      const piece = await this.take(Math.min(left, 1 << 20));
      if (!piece.length) throw new Error("The archive ends in the middle (truncated)");
      left -= piece.length;
      yield piece;
    }
    const pad = padding(entry.size);
    if (pad) await this.exactly(pad);
  }
}
