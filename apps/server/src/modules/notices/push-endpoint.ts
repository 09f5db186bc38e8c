import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send a push (issue 53 §4): the one place it calls a URL a user gave
 * it. An endpoint is https to a public address; never a private, loopback, link-local or
 * otherwise internal one, checked on the address it resolves to, when it is subscribed and
 * again on the very connection each push makes (a name that resolves elsewhere later gains
 * nothing). While the site itself runs on plain-http localhost (development, tests), a
 * loopback endpoint is allowed too, over http or https.
 */

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is checked as the IPv4 one. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether the server may connect to this address for a push. */
export function isAllowedPushAddress(address: string, allowsLoopback: boolean): boolean {
  const { address: plain, family } = plainAddress(address);
  if (allowsLoopback && loopback.check(plain, family)) return true;
  return !internal.check(plain, family);
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The site runs on plain-http localhost: development and tests, where loopback pushes are allowed. */
export function isLocalPlainHttpSite(publicUrl: URL): boolean {
  return publicUrl.protocol === 'http:' && loopbackNames.has(publicUrl.hostname);
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why an endpoint is refused before anything is resolved (its text), or undefined: a URL,
 * https, no user name or password in it; plain http only to loopback on a local site.
 */
export function endpointTextProblem(endpoint: string, allowsLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Must be a URL';
  }
  if (url.username !== '' || url.password !== '') return 'Must not hold a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowsLoopback && loopbackNames.has(url.hostname))
    return undefined;
  return 'Must be an https address';
}

const notPublic = 'Must be a push service on a public address';

/**
 * Why an endpoint is refused once its host is resolved, or undefined: every address it
 * resolves to must be allowed. An address that cannot be resolved is refused too.
 */
export async function endpointAddressProblem(
  endpoint: string,
  allowsLoopback: boolean,
): Promise<string | undefined> {
  const host = hostOf(new URL(endpoint));
  if (isIP(host) !== 0) return isAllowedPushAddress(host, allowsLoopback) ? undefined : notPublic;
  const addresses = await new Promise<LookupAddress[] | undefined>((resolve) =>
    dnsLookup(host, { all: true } satisfies LookupAllOptions, (error, found) =>
      resolve(error ? undefined : found),
    ),
  );
  if (!addresses || addresses.length === 0) return 'Must be a push service whose address resolves';
  return addresses.every((found) => isAllowedPushAddress(found.address, allowsLoopback))
    ? undefined
    : notPublic;
}

/**
 * A `lookup` for the push's own connection (http.request's option): it resolves the host
 * and refuses to connect when any address it got is internal, so the address checked is
 * the address connected to.
 */
export function pushLookup(allowsLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find(
        (found) => !isAllowedPushAddress(found.address, allowsLoopback),
      );
      if (refused) {
        const refusal = Object.assign(new Error(`push refused: ${hostname} is not public`), {
          code: 'EPUSHADDRESS',
        });
        return callback(refusal, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
