import net from "node:net";

/**
 * A TCP port nothing listens on at 127.0.0.1 right now: the system picks it (listen on port 0,
 * read the port, close). For the test servers, so that two runs on one machine never meet.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    }).on("error", reject);
  });
}
