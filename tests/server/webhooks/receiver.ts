import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on loopback: records every request and answers the status of `answer` (default 200). */
export interface Receiver {
  url: string;
  requests: { headers: IncomingHttpHeaders; body: string }[];
  answer: number[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const r: Omit<Receiver, 'url' | 'close'> = { requests: [], answer: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = r.answer.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { ...r, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
