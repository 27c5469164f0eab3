import { Agent, request } from 'node:http';

/**
 * A lean keep-alive JSON POST for the load generator (node:http with a pooled
 * agent costs the bench process less CPU than fetch, so more of the machine
 * is left to the server being measured).
 */
export function jsonClient(baseUrl: string, maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(baseUrl);
  return {
    post(path: string, token: string, body: unknown, extraHeaders: Record<string, string> = {}): Promise<{ status: number; body: string }> {
      const payload = Buffer.from(JSON.stringify(body));
      return new Promise((resolve, reject) => {
        const req = request(
          {
            agent,
            hostname,
            port,
            path,
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': payload.length, ...extraHeaders },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
