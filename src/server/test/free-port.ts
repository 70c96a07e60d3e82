import net from "node:net";

/**
 * A port nobody listens on now, for a server started as a child process (which cannot be told to take
 * port 0 and report it back easily). Another process may take it first: callers retry on EADDRINUSE.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
