import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { nonceContext } from "./lib/context.ts";

export const streamTimeout = 5_000;

/**
 * The page is gathered into one buffer and sent whole, with its length. Every loader has already
 * finished when rendering starts (none hands the page a promise), so streaming would not start
 * the browser any sooner; it only cost the server a Node stream, a web stream over it and a
 * compression call per 2 KB piece: /orders took 23.9 ms of CPU per answer streamed, 19.2 ms
 * whole (bench/ssr.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const page = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            clearTimeout(timeout);
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
            done();
          },
        });
        pipe(page);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
