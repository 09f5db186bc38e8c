import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const namespace = 'http://specs.openid.net/auth/2.0';
const signedFields = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';

export type FakeSteamOptions = {
  /** The SteamID64 (or anything, to test refusals) the next sign-in claims. */
  steamId: string;
  /** Shifts the time in response nonces, to make stale answers. */
  nonceOffsetMs: number;
  /** Answer every check_authentication with is_valid:false. */
  isAlwaysInvalid: boolean;
  /** The fields the signature covers. */
  signed: string;
  personaName: string;
};

/**
 * A local stand-in for Steam's OpenID 2.0 provider and the one Web API call we make. It
 * signs its answers with a secret (HMAC over the signed fields, as OpenID does), approves
 * every sign-in at once, and answers `check_authentication` in the real key-value form —
 * `is_valid:true` only for an answer exactly as it issued it.
 */
export class FakeSteam {
  readonly options: FakeSteamOptions = {
    steamId: '76561197960287930',
    nonceOffsetMs: 0,
    isAlwaysInvalid: false,
    signed: signedFields,
    personaName: 'Gordon',
  };
  checkAuthenticationCount = 0;
  readonly #secret = randomBytes(32);
  #server: Server | undefined;
  #url = '';

  /** The configured endpoint: STEAM_OPENID_URL. */
  get openIdUrl(): string {
    return `${this.#url}/openid/login`;
  }

  /** STEAM_API_URL. */
  get apiUrl(): string {
    return this.#url;
  }

  async start(): Promise<this> {
    this.#server = createServer((request, response) => {
      void this.#handle(request).then(({ status, headers, body }) => {
        response.writeHead(status, headers);
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.#url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** The answer Steam would send the browser back with, as query parameters. */
  answerFor(returnTo: string): URLSearchParams {
    const claimedId = `https://steamcommunity.com/openid/id/${this.options.steamId}`;
    const time = new Date(Date.now() + this.options.nonceOffsetMs).toISOString().slice(0, 19);
    const answer: Record<string, string> = {
      'openid.ns': namespace,
      'openid.mode': 'id_res',
      'openid.op_endpoint': this.openIdUrl,
      'openid.claimed_id': claimedId,
      'openid.identity': claimedId,
      'openid.return_to': returnTo,
      'openid.response_nonce': `${time}Z${randomBytes(6).toString('hex')}`,
      'openid.assoc_handle': '1234567890',
      'openid.signed': this.options.signed,
    };
    answer['openid.sig'] = this.#sign(answer);
    return new URLSearchParams(answer);
  }

  #sign(fields: Record<string, string>): string {
    const names = (fields['openid.signed'] ?? '').split(',');
    const form = names.map((name) => `${name}:${fields[`openid.${name}`] ?? ''}\n`).join('');
    return createHmac('sha256', this.#secret).update(form).digest('base64');
  }

  async #handle(
    request: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const url = new URL(request.url ?? '/', this.#url);
    if (request.method === 'GET' && url.pathname === '/openid/login') {
      const returnTo = url.searchParams.get('openid.return_to') ?? '';
      const target = new URL(returnTo);
      target.search = this.answerFor(returnTo).toString();
      return { status: 302, headers: { location: target.href }, body: '' };
    }
    if (request.method === 'POST' && url.pathname === '/openid/login') {
      this.checkAuthenticationCount += 1;
      const fields = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const isValid =
        !this.options.isAlwaysInvalid &&
        fields['openid.mode'] === 'check_authentication' &&
        fields['openid.sig'] === this.#sign(fields);
      return {
        status: 200,
        headers: { 'content-type': 'text/plain' },
        body: `ns:${namespace}\nis_valid:${isValid}\n`,
      };
    }
    if (url.pathname === '/ISteamUser/GetPlayerSummaries/v2/') {
      const steamid = url.searchParams.get('steamids');
      const body = { response: { players: [{ steamid, personaname: this.options.personaName }] } };
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };
    }
    return { status: 404, headers: {}, body: '' };
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
