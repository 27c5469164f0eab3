import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../errors';

/**
 * Where a webhook may point (docs/integrations.md "Webhooks"): https to public
 * addresses only, so a customer cannot make the warehouse server call into its
 * own network (SSRF). Checked at registration and again before every attempt,
 * on the addresses DNS gives at that moment; the request then connects to the
 * address checked here (deliver.ts pins it), so a name that changes its answer
 * between check and connect (DNS rebinding) cannot switch to a private host.
 * WEBHOOK_ALLOW_PRIVATE_HOSTS=true lifts both rules (tests, internal shops).
 */

// Two lists: BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d), which ::/96 would catch.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped, IPv4-compatible and NAT64 forms would smuggle a private IPv4 address.
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(net, bits, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

export interface ResolvedTarget {
  url: URL;
  /** The host name as written (for Host and TLS SNI). */
  host: string;
  address: string;
  family: 4 | 6;
}

/** Parses and checks the URL's form; throws a German 400. */
export function checkedUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('WEBHOOK_URL_INVALID', { url: raw });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname) {
    throw new AppError('WEBHOOK_URL_INVALID', { url: raw });
  }
  if (url.protocol !== 'https:' && !allowPrivate) throw new AppError('WEBHOOK_URL_NOT_HTTPS', { url: raw });
  return url;
}

/**
 * Resolves the URL's host and refuses it unless every address is public
 * (one private answer is enough to refuse: a resolver may rotate them).
 */
export async function resolveTarget(raw: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const url = checkedUrl(raw, allowPrivate);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AppError('WEBHOOK_URL_UNRESOLVABLE', { host });
    }
  }
  if (addresses.length === 0) throw new AppError('WEBHOOK_URL_UNRESOLVABLE', { host });
  if (!allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new AppError('WEBHOOK_URL_PRIVATE', { host, address: bad.address });
  }
  const first = addresses[0];
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
